/** What every route of the page shares: the Temporal client, the settings, the access, and the conversation's part. */
import type { Client } from '@temporalio/client';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnalysisResult } from '../contracts';
import type { BatonConfig } from '../settings/config';
import type { Html } from './html';
import type { PageContext } from './pages/layout';
import type { Access, Signer } from './security';

/** The conversation's part of the page (src/web/follow-up.ts), when the session API is there. */
export interface FollowUp {
  form(app: WebApp, ctx: PageContext, result: AnalysisResult, workflowId: string): Promise<Html>;
  /** Handles /sessions/… and POST /runs/:id/follow-up; false when the path is not its own. */
  route(app: WebApp, ctx: PageContext, req: IncomingMessage, res: ServerResponse, parts: string[], form: URLSearchParams): Promise<boolean>;
}

export interface WebApp {
  client: Client;
  config: BatonConfig;
  access: Access | null;
  signer: Signer;
  followUp?: FollowUp;
  /** Where the catalogs' settings are read (BATON_WEB_CATALOGS, <NAME>_DATABASE_URL); process.env by default. */
  env?: NodeJS.ProcessEnv;
}

export class NotFound extends Error {
  constructor(
    readonly key: 'web.error.no-run' | 'web.error.no-session' | 'web.error.no-schedule' | 'web.error.no-page',
    readonly subject: string,
  ) {
    super(subject);
  }
}

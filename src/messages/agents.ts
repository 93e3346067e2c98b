/** The words of the agents that write for people besides the report: statistics, data quality, the analysis. */
import { defineMessages } from './message';

export const AGENT_MESSAGES = defineMessages({
});

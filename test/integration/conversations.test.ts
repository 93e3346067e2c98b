/** The committed blind conversations (eval/conversations: 7 conversations, 80 turns) through real sessions. */
import { CHINOOK_CONVERSATIONS } from '../../eval/conversations/chinook';
import { DEMO_CONVERSATIONS } from '../../eval/conversations/demo';
import { conversationSuite } from './conversation-suite';

conversationSuite('conversations', [...CHINOOK_CONVERSATIONS, ...DEMO_CONVERSATIONS], 70);

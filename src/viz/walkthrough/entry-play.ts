// The script of a page with play mode: the replay, and the engine for the player's own answers.
import { boot } from './client.ts';
import { startPlay } from './play.ts';

boot(startPlay);

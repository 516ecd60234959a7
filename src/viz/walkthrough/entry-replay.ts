// The script of a replay page: the renderer and the navigation, without the engine.
import { boot } from './client.ts';

boot();

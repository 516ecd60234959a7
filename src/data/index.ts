export * from './board.ts';
export * from './cards.ts';
export * from './leaders.ts';
export * from './his-ids.ts';
export * from './names.ts';

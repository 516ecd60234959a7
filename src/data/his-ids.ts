// The ids of the bundled board's spaces, sea zones and army leaders, as literal types for hosts written in
// TypeScript. Taken from his-map.json and his-leaders.json; test/data/board.test.ts keeps them equal.

export const HIS_SPACE_IDS = [
  'agram', 'algiers', 'amsterdam', 'ancona', 'antwerp', 'athens', 'augsburg', 'avignon', 'barcelona', 'basel',
  'bastia', 'belgrade', 'berwick', 'besancon', 'bilbao', 'bordeaux', 'boulogne', 'brandenburg', 'bremen', 'breslau',
  'brest', 'bristol', 'brunn', 'brunswick', 'brussels', 'bucharest', 'buda', 'cagliari', 'calais', 'candia',
  'carlisle', 'cartagena', 'cerignola', 'cologne', 'cordoba', 'corfu', 'coron', 'corunna', 'dijon', 'durazzo',
  'edinburgh', 'edirne', 'erfurt', 'florence', 'geneva', 'genoa', 'gibraltar', 'glasgow', 'granada', 'graz',
  'grenoble', 'hamburg', 'innsbruck', 'istanbul', 'kassel', 'larissa', 'leipzig', 'lepanto', 'liege', 'limoges',
  'lincoln', 'linz', 'london', 'lubeck', 'lyon', 'madrid', 'magdeburg', 'mainz', 'malta', 'marseille', 'messina',
  'metz', 'milan', 'modena', 'mohacs', 'munster', 'nantes', 'naples', 'navarre', 'nezh', 'nice', 'nicopolis',
  'norwich', 'nuremberg', 'oran', 'orleans', 'palermo', 'palma', 'paris', 'pavia', 'plymouth', 'portsmouth',
  'prague', 'pressburg', 'ragusa', 'ravenna', 'regensburg', 'rhodes', 'rome', 'rouen', 'salonika', 'salzburg',
  'scutari', 'seville', 'shrewsbury', 'siena', 'sofia', 'stdizier', 'stettin', 'stirling', 'stquentin', 'strasburg',
  'szegedin', 'taranto', 'toulouse', 'tours', 'trent', 'trier', 'trieste', 'tripoli', 'tunis', 'turin', 'valencia',
  'valladolid', 'varna', 'venice', 'vienna', 'wales', 'wittenberg', 'worms', 'york', 'zara', 'zaragoza', 'zurich',
] as const;
export type HisSpaceId = (typeof HIS_SPACE_IDS)[number];

export const HIS_SEA_ZONE_IDS = [
  'adriatic', 'aegean', 'africa', 'atlantic', 'baltic', 'barbary', 'biscay', 'black', 'channel', 'gulflyon',
  'ionian', 'irish', 'north', 'tyrrhenian',
] as const;
export type HisSeaZoneId = (typeof HIS_SEA_ZONE_IDS)[number];

export const HIS_ARMY_LEADER_IDS = [
  'charles-v', 'duke-of-alva', 'ferdinand', 'suleiman', 'ibrahim-pasha', 'francis-i', 'henry-ii', 'montmorency',
  'henry-viii', 'charles-brandon', 'dudley', 'john-frederick', 'philip-of-hesse', 'maurice-of-saxony', 'renegade',
] as const;
export type HisArmyLeaderId = (typeof HIS_ARMY_LEADER_IDS)[number];

// Every exploration's counts and exact probabilities, pinned: the explorer is optimised (issue 24) without changing
// what it finds. For every example (without its script) the listed answers, the decline policy and the eager policy:
// paths, tree nodes, distinct states, end positions, the total dice weight, a digest of every outcome (its end
// position's key, exact probability and paths) and the six marginals; the worked example's whole legal answer space
// (--answers all) with its answers per decision kind and its invariant counts; the 20 v 39 battle's odds.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { battle20v39 } from '../../bench/scenarios.ts';
import { parseScenario, type Scenario } from '../../src/engine/scenario.ts';
import { explore, type ExploreReport } from '../../src/review/explore.ts';
import { format } from '../../src/review/fraction.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const withoutScript = (name: string): Scenario =>
  parseScenario({ ...JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8')), events: [] });

/** What is pinned of a report: paths, nodes, distinct states, end positions, total, outcome digest, marginals. */
function fingerprint(r: ExploreReport): (number | string)[] {
  const digest = createHash('sha256')
    .update(r.outcomes.map((o) => `${o.key}|${format(o.probability)}|${o.paths}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return [
    r.paths,
    r.nodes,
    r.distinctStates,
    r.outcomes.length,
    format(r.totalProbability),
    digest,
    Object.values(r.marginals).map(format).join(' '),
  ];
}

const PINNED: Record<string, Record<'listed' | 'decline' | 'eager', (number | string)[]>> = {
  'automatic-avoid-after-defeat.json': {
    listed: [
      38,
      57,
      19,
      38,
      '228628/59049',
      '1cf6135aad870847',
      '0 110530/59049 2201078/1594323 783232/1594323 5389724/1594323 2462582/1594323',
    ],
    decline: [18, 37, 19, 18, '1', 'c8955a7dcdce58c6', '0 1 44393/59049 14656/59049 44393/59049 16867/19683'],
    eager: [1, 2, 1, 1, '1', 'ee31bb4ce80195d5', '0 0 0 0 1 0'],
  },
  'avoid-battle-linz.json': {
    listed: [
      440,
      575,
      47,
      148,
      '6091051399/387420489',
      '0953cf6b4b29d922',
      '0 4928789932/387420489 478046668/43046721 626369920/387420489 607186831/43046721 266044900/129140163',
    ],
    decline: [
      38,
      80,
      42,
      38,
      '1',
      '18d3c34cad01fdad',
      '0 1 28778273/43046721 14268448/43046721 28778273/43046721 8675/19683',
    ],
    eager: [2, 5, 3, 2, '1', '7b6920d72e11bcd1', '0 0 0 0 1 0'],
  },
  // 21.6, ruling R34: a position before the Schmalkaldic League (Augsburg, an electorate, refused to the Hapsburg).
  'before-league-regensburg.json': {
    listed: [45, 49, 3, 22, '2', 'ca7e644871d16022', '0 19/12 7657/13122 26239/26244 0 91865/236196'],
    decline: [22, 24, 2, 21, '1', '865bb131542b76c4', '0 1 806/2187 1381/2187 0 4835/19683'],
    eager: [23, 26, 3, 22, '1', 'a4b012b594133085', '0 7/12 2821/13122 9667/26244 0 33845/236196'],
  },
  'defender-retreat-choice.json': {
    listed: [
      474,
      674,
      44,
      56,
      '211771520/14348907',
      'dc623f9baaaef794',
      '0 195828290/14348907 135900310/14348907 59927980/14348907 0 76911170/14348907',
    ],
    decline: [38, 75, 37, 17, '1', '38cb68756b099384', '0 1 244403/531441 287038/531441 0 371953/531441'],
    eager: [39, 77, 38, 18, '1', '9e196078a414f379', '0 13/18 3177239/9565938 1865747/4782969 0 4835389/9565938'],
  },
  'failed-interception.json': {
    listed: [
      2643,
      3089,
      270,
      2059,
      '144869238689971/5083731656658',
      '93025a5f84141e83',
      '36637018597295/10167463313316 241443026641691/10167463313316 17402547572633/847288609443 32612455770095/10167463313316 254223674453047/10167463313316 33539889682715/10167463313316',
    ],
    decline: [
      38,
      81,
      43,
      38,
      '1',
      '003d49c97c1a492d',
      '0 1 28778273/43046721 14268448/43046721 28778273/43046721 8675/19683',
    ],
    eager: [
      103,
      240,
      137,
      103,
      '1',
      '376e8e7dfa8428e6',
      '5/12 5/12 189263973040/2541865828329 3479387155055/10167463313316 6687988070261/10167463313316 2110045/57395628',
    ],
  },
  // 13.1 step 4, ruling R26: the worked example's move with Foul Weather and Gout in hand; every answer of the window
  // (a play, a pass) is explored; the decline and eager policies pass (ruling R36).
  'foul-weather.json': {
    listed: [
      2204,
      2519,
      207,
      1933,
      '7293911650804/282429536481',
      '5a704965703659fb',
      '7548786846535/1129718145924 4657902643648/282429536481 15720557642585/1129718145924 2911052932007/1129718145924 7500327812479/376572715308 2290937355200/282429536481',
    ],
    decline: [
      18,
      40,
      22,
      18,
      '1',
      'e002e21729712111',
      '0 1 3835385/4782969 947584/4782969 3835385/4782969 17635/19683',
    ],
    eager: [
      103,
      234,
      131,
      101,
      '1',
      '0aa090580f5d45e9',
      '5/12 5/12 29874799060/282429536481 351216697895/1129718145924 778497066509/1129718145924 1813364095/125524238436',
    ],
  },
  // Ferdinand alone is captured (13.1) before any branch: the marginals are the whole move's, so the capture counts.
  'lone-leader-captured.json': {
    listed: [1, 1, 0, 1, '1', '63c380c50d7a1018', '0 0 0 0 0 1'],
    decline: [1, 1, 0, 1, '1', '63c380c50d7a1018', '0 0 0 0 0 1'],
    eager: [1, 1, 0, 1, '1', '63c380c50d7a1018', '0 0 0 0 0 1'],
  },
  // 14 steps 4–7, rulings R27, R30, R31: the worked example with Field Artillery and Janissaries in the Ottoman's hand
  // and Tercios in the Hapsburg's; the listed answers play or pass each card (Tercios for its extra dice; its other
  // mode is refused: no side faces 3 Hapsburg regulars but the Hapsburg's own), the policies pass (ruling R36).
  'vienna-1517-cards.json': {
    listed: [
      87157,
      115324,
      12297,
      1982,
      '481419471976712135/3294258113514384',
      '190a7b9dbad10914',
      '206230391842148135/3294258113514384 460555837257787703/3294258113514384 198190660990440089/1647129056757192 64174515276907525/3294258113514384 892406795351549285/7412080755407364 80247127969156541/1098086037838128',
    ],
    decline: [
      55,
      172,
      117,
      18,
      '1',
      '1733420bd18980c4',
      '0 1 3835385/4782969 947584/4782969 3835385/4782969 17635/19683',
    ],
    eager: [
      156,
      453,
      297,
      101,
      '1',
      '79c0ce26f4d5a450',
      '5/12 5/12 29874799060/282429536481 351216697895/1129718145924 778497066509/1129718145924 1813364095/125524238436',
    ],
  },
  'vienna-1517.json': {
    listed: [
      2201,
      2514,
      205,
      1932,
      '6446623041361/282429536481',
      'abc62e9535683eee',
      '7548786846535/1129718145924 4657902643648/282429536481 15720557642585/1129718145924 2911052932007/1129718145924 7500327812479/376572715308 2290937355200/282429536481',
    ],
    decline: [
      18,
      38,
      20,
      18,
      '1',
      'e002e21729712111',
      '0 1 3835385/4782969 947584/4782969 3835385/4782969 17635/19683',
    ],
    eager: [
      103,
      232,
      129,
      101,
      '1',
      '0aa090580f5d45e9',
      '5/12 5/12 29874799060/282429536481 351216697895/1129718145924 778497066509/1129718145924 1813364095/125524238436',
    ],
  },
  'withdrawal-move-on-defeated.json': {
    listed: [
      829,
      914,
      41,
      385,
      '1206139010/43046721',
      '6ae681a0a714d944',
      '57432925/86093442 662474867/43046721 409731394/43046721 252743473/43046721 456699451/57395628 6689081/1594323',
    ],
    decline: [21, 32, 11, 20, '1', '416ac2b1592d4ebd', '0 1 1424/6561 5137/6561 12656/59049 19369/59049'],
    eager: [
      23,
      40,
      17,
      23,
      '1',
      '077e55adcb4f0a15',
      '5/18 5/18 886400/43046721 22142045/86093442 110414995/344373768 68975/354294',
    ],
  },
  'withdrawal-move-on.json': {
    listed: [
      251,
      284,
      13,
      84,
      '2813435/177147',
      '2806b11a9c0dd48f',
      '0 2261077/354294 830024/177147 66781/39366 535423/118098 264277/354294',
    ],
    decline: [21, 31, 10, 20, '1', 'aa60d3ca72a34c42', '0 1 1424/6561 5137/6561 12656/59049 19369/59049'],
    eager: [2, 6, 4, 2, '1', '998a21d30e30dcfa', '0 0 0 0 5/12 0'],
  },
  // 15.2, ruling R35: a relief of Vienna besieged by the Ottoman; the sortie is an answer (every mix of Ferdinand and
  // his 2 regulars; the decline policy holds everyone back, the eager one sends everyone out).
  'relief-vienna.json': {
    listed: [
      2503,
      3363,
      431,
      1238,
      '26548611721/516560652',
      'b377942921d1b07b',
      '0 13123642337/258280326 561736457/86093442 5719216483/129140163 0 623726243/774840978',
    ],
    decline: [43, 83, 40, 42, '1', 'b7730f4a12d39975', '0 1 1552112/4782969 3230857/4782969 0 450553/4782969'],
    eager: [
      59,
      132,
      73,
      57,
      '1',
      '18f2e78f06d1f583',
      '0 5/12 33371005/172186884 19186765/86093442 0 28994255/1549681956',
    ],
  },
  'withdrawal-siege-vienna.json': {
    listed: [
      122,
      179,
      21,
      42,
      '109872997/14348907',
      '88ae9d08cf9aad1e',
      '0 66826276/14348907 159145580/43046721 41333248/43046721 288285743/43046721 56643620/14348907',
    ],
    decline: [
      18,
      37,
      19,
      18,
      '1',
      '177ac78feb5a4a36',
      '0 1 3835385/4782969 947584/4782969 3835385/4782969 17635/19683',
    ],
    eager: [2, 5, 3, 2, '1', '64e1fe0c5c47376b', '0 0 0 0 1 0'],
  },
  'withdrawal-turned-back.json': {
    listed: [
      242,
      272,
      12,
      81,
      '3323959/354294',
      'c18f6b90b88d5ad2',
      '0 2261077/354294 830024/177147 66781/39366 535423/118098 264277/354294',
    ],
    decline: [21, 31, 10, 20, '1', '548d485cf398dffc', '0 1 1424/6561 5137/6561 12656/59049 19369/59049'],
    eager: [2, 5, 3, 2, '1', '9563a30a071fae86', '0 0 0 0 5/12 0'],
  },
};

// The card example's listed answers are 115,324 nodes (about 40 s of CPU): the ceiling leaves room on a loaded machine.
const TIMEOUT = 600_000;

describe('pinned explorations: every count and probability stays what it was', () => {
  test('every example in examples/ has its pins (a new example cannot change counts unnoticed)', () => {
    const examples = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
    expect(Object.keys(PINNED).sort()).toEqual(examples.sort());
  });

  test.for(Object.keys(PINNED))(
    '[13.1–15.3] %s: listed answers, decline and eager give the pinned paths, states and exact odds',
    { timeout: TIMEOUT },
    (name: string) => {
      const s = withoutScript(name);
      const pins = PINNED[name]!;
      expect(fingerprint(explore(s)), 'listed answers').toEqual(pins.listed);
      expect(fingerprint(explore(s, { decisions: 'decline' })), 'decline').toEqual(pins.decline);
      expect(fingerprint(explore(s, { decisions: 'eager' })), 'eager').toEqual(pins.eager);
    },
  );

  test(
    '[13.1–15.3] the worked example, every legal answer: 25,965 paths, 32,583 nodes, 2,838 distinct states',
    () => {
      const r = explore(withoutScript('vienna-1517.json'), { answers: 'all' });
      expect(fingerprint(r)).toEqual([
        25965,
        32583,
        2838,
        16897,
        '144570642578644/282429536481',
        'b973bf7db282c032',
        '50472772143263/564859072962 101264780318224/282429536481 85385650455902/282429536481 15879129862322/282429536481 42794281174504/94143178827 57566444595641/282429536481',
      ]);
      expect(r.answerCounts).toEqual({
        avoid: { decisions: 14, answers: 224, incomplete: 0 },
        casualties: { decisions: 1909, answers: 3818, incomplete: 0 },
        intercept: { decisions: 1, answers: 14, incomplete: 0 },
        retreat: { decisions: 398, answers: 12810, incomplete: 0 },
        withdraw: { decisions: 140, answers: 280, incomplete: 0 },
      });
      expect(r.invariants.map((i) => [i.checked, i.violations])).toEqual([
        [19735, 0],
        [19735, 0],
        [19735, 0],
        [19735, 0],
        [19735, 0],
        [19735, 0],
        [19735, 0],
        [16897, 0],
        [16897, 0],
        [16897, 0],
        [16897, 0],
        [16897, 0],
        [17146, 0],
      ]);
    },
    TIMEOUT,
  );

  test(
    '[14] the 20 v 39 battle under the decline policy: 401 dice paths, the pinned exact odds',
    () => {
      expect(fingerprint(explore(battle20v39(), { decisions: 'decline' }))).toEqual([
        401,
        969,
        568,
        401,
        '1',
        '3034375ac6f86095',
        '0 1 132852015292563920261218304/4710128697246244834921603689 4577276681953680914660385385/4710128697246244834921603689 44284004493731081652011008/1570042899082081611640534563 29538579180246131/450283905890997363',
      ]);
    },
    TIMEOUT,
  );
});

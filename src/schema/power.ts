// Powers of Here I Stand (3.2 impulse order for the majors; 22 for the minors).
import { z } from 'zod';

export const MAJOR_POWERS = ['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant'] as const;
export const MINOR_POWERS = ['hungary', 'scotland', 'venice', 'genoa'] as const;
export const POWERS = [...MAJOR_POWERS, ...MINOR_POWERS, 'independent'] as const;

export const PowerSchema = z.enum(POWERS).describe('a power id: major (in impulse order), minor, or independent');
export const MajorPowerSchema = z.enum(MAJOR_POWERS);

export type Power = z.infer<typeof PowerSchema>;
export type MajorPower = z.infer<typeof MajorPowerSchema>;
export type MinorPower = (typeof MINOR_POWERS)[number];

export function isMajorPower(power: Power): power is MajorPower {
  return (MAJOR_POWERS as readonly Power[]).includes(power);
}

export function isMinorPower(power: Power): power is MinorPower {
  return (MINOR_POWERS as readonly Power[]).includes(power);
}

/** Position of a power in the impulse order (3.2); minors and independents come after every major. */
export function impulseRank(power: Power): number {
  return POWERS.indexOf(power);
}

export const POWER_NAMES: Record<Power, { en: string; ru: string }> = {
  ottoman: { en: 'Ottoman', ru: 'Османы' },
  hapsburg: { en: 'Hapsburg', ru: 'Габсбурги' },
  england: { en: 'England', ru: 'Англия' },
  france: { en: 'France', ru: 'Франция' },
  papacy: { en: 'Papacy', ru: 'Папство' },
  protestant: { en: 'Protestant', ru: 'Протестанты' },
  hungary: { en: 'Hungary-Bohemia', ru: 'Венгрия-Богемия' },
  scotland: { en: 'Scotland', ru: 'Шотландия' },
  venice: { en: 'Venice', ru: 'Венеция' },
  genoa: { en: 'Genoa', ru: 'Генуя' },
  independent: { en: 'independent', ru: 'независимые' },
};

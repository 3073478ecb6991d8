/**
 * Phone numbers in international form. North American numbers use the 555-01xx range
 * reserved for fiction, UK numbers the Ofcom drama ranges, Australian ones 5550 xxxx; the
 * rest are plausible digit groups after the country calling code.
 */
import type { Random } from './random.ts';

/** ISO code and calling code pairs for every country the city data covers. */
const CALLING_CODES_TEXT = `
AF93 AX358 AL355 DZ213 AS1 AD376 AO244 AG1 AR54 AM374 AW297 AU61 AT43 AZ994 BH973 BD880 BB1 BY375
BE32 BZ501 BJ229 BM1 BT975 BO591 BA387 BW267 BR55 BN673 BG359 BF226 BI257 KH855 CM237 CA1 CV238 KY1
CF236 TD235 CL56 CN86 CO57 KM269 CG242 CD243 CK682 CR506 HR385 CU53 CW599 CY357 CZ420 DK45 DJ253 DM1
DO1 TL670 EC593 EG20 SV503 GQ240 ER291 EE372 ET251 FK500 FO298 FM691 FJ679 FI358 FR33 GF594 MQ596
GP590 RE262 YT262 PF689 GA241 GE995 DE49 GH233 GI350 GR30 GL299 GD1 GU1 GT502 GN224 GW245 GY592 HT509
HN504 HK852 HU36 IS354 IN91 ID62 IR98 IQ964 IE353 IM44 IL972 IT39 CI225 JM1 JP81 JO962 KZ7 KE254 KI686
KW965 KG996 LA856 LV371 LB961 LS266 LR231 LY218 LI423 LT370 LU352 MO853 MK389 MG261 MW265 MY60 MV960
ML223 MT356 MH692 MR222 MU230 MX52 MD373 MC377 MN976 ME382 MA212 MZ258 MM95 NA264 NP977 NL31 NC687
NZ64 NI505 NE227 NG234 KP850 MP1 NO47 OM968 PK92 PW680 PS970 PA507 PG675 PY595 PE51 PH63 PL48 PT351
PR1 QA974 RO40 RU7 RW250 KN1 LC1 VC1 WS685 SM378 ST239 SA966 SN221 RS381 SC248 SL232 SG65 SK421 SI386
SB677 SO252 ZA27 GS500 KR82 SS211 ES34 LK94 SD249 SR597 SJ47 SZ268 SE46 CH41 SY963 TW886 TJ992 TZ255
TH66 BS1 GM220 TG228 TO676 TT1 TN216 TR90 TM993 TC1 TV688 UG256 UA380 AE971 GB44 US1 VI1 UY598 UZ998
VU678 VA39 VE58 VN84 EH212 YE967 ZM260 ZW263 XK383
`;

const CALLING_CODES: ReadonlyMap<string, string> = new Map(
  CALLING_CODES_TEXT.trim()
    .split(/\s+/)
    .map((entry) => [entry.slice(0, 2), entry.slice(2)] as const),
);

/** Local number shapes: '#' a digit, 'N' a digit 1–9, anything else literal. */
const LOCAL_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  GB: ['20 7946 09##', '161 496 09##', '113 496 09##', '121 496 09##', '131 496 09##', '117 496 09##'],
  AU: ['2 5550 ####', '3 5550 ####', '7 5550 ####', '8 5550 ####'],
  FR: ['N ## ## ## ##'],
  BE: ['N ### ## ##'],
  DE: ['30 N######', '40 N######', '89 N######', '69 N#######', '221 N######'],
  AT: ['1 N######', '316 N#####'],
  CH: ['44 N## ## ##', '22 N## ## ##', '31 N## ## ##'],
  IT: ['02 N### ####', '06 N### ####', '3N# ### ####'],
  ES: ['9N# ### ###', '6N# ### ###'],
  NL: ['20 N## ####', '10 N## ####', '6 N### ####'],
  JP: ['3-N###-####', '6-N###-####', '90-N###-####'],
  CN: ['10 N### ####', '21 N### ####', '13N #### ####'],
  IN: ['9N### #####', '22 N### ####', '11 N### ####'],
  BR: ['11 9N###-####', '21 9N###-####', '11 N###-####'],
  MX: ['55 N### ####', '33 N### ####', '81 N### ####'],
  RU: ['495 N##-##-##', '812 N##-##-##', '9N# ###-##-##'],
  KR: ['2-N###-####', '10-N###-####'],
};

const DEFAULT_PATTERNS = ['N# ### ####', 'N## ### ###', 'N ### ####'] as const;

function fillDigits(random: Random, pattern: string): string {
  let out = '';
  for (const symbol of pattern) {
    if (symbol === '#') out += String(random.int(10));
    else if (symbol === 'N') out += String(random.between(1, 9));
    else out += symbol;
  }
  return out;
}

/** A North American number in the fictional 555-0100..0199 range: "+1 415-555-0123". */
function northAmericanNumber(random: Random): string {
  const area = `${random.between(2, 9)}${random.between(0, 8)}${random.between(0, 9)}`;
  return `+1 ${area.endsWith('11') ? area.slice(0, 2) + '2' : area}-555-01${fillDigits(random, '##')}`;
}

/** A phone number for the country (~88% of businesses have one), or null. */
export function demoPhone(random: Random, countryCode: string): string | null {
  const listed = random.chance(0.88);
  const code = CALLING_CODES.get(countryCode);
  if (!listed || code === undefined) return null;
  if (code === '1') return northAmericanNumber(random);
  const pattern = random.pick(LOCAL_PATTERNS[countryCode] ?? DEFAULT_PATTERNS);
  return `+${code} ${fillDigits(random, pattern)}`;
}

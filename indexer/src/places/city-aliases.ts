/**
 * Other names of cities: endonyms, exonyms, former names, common abbreviations and common
 * misspellings. Each group lists names of ONE city (in one country); a visitor typing any of
 * them finds the businesses of whichever of them the index holds ("Köln" finds a city stored as
 * "Cologne", and "Cologne" one stored as "Köln").
 *
 * Names are compared folded (see place-key.ts): case, accents and punctuation do not matter, and
 * "St." / "St" / "Saint" are the same word, so list each spelling only once.
 *
 * To add a city, add a group: `{ country: 'XX', names: ['Name as stored', 'Other name', ...] }`.
 */
export interface CityAliasGroup {
  /** ISO 3166-1 alpha-2 code of the city's country. */
  country: string;
  names: readonly string[];
}

export const CITY_ALIASES: readonly CityAliasGroup[] = [
  // United States
  { country: 'US', names: ['New York', 'New York City', 'NYC', 'NY City', 'Nueva York'] },
  // Two-letter forms (LA, SF, DC) are left out: a two-letter part is read as a country or state code.
  { country: 'US', names: ['Los Angeles', 'L.A.'] },
  { country: 'US', names: ['San Francisco', 'Frisco'] },
  { country: 'US', names: ['Washington D.C.', 'Washington', 'Washington DC'] },
  { country: 'US', names: ['Philadelphia', 'Philly'] },
  { country: 'US', names: ['Las Vegas', 'Vegas'] },
  { country: 'US', names: ['New Orleans', 'NOLA'] },
  // Europe
  { country: 'DE', names: ['Munich', 'München', 'Muenchen', 'Monaco di Baviera', 'Múnich'] },
  { country: 'DE', names: ['Cologne', 'Köln', 'Koeln', 'Colonia'] },
  { country: 'DE', names: ['Nuremberg', 'Nürnberg', 'Nuernberg'] },
  { country: 'DE', names: ['Frankfurt', 'Frankfurt am Main'] },
  { country: 'DE', names: ['Düsseldorf', 'Duesseldorf'] },
  { country: 'DE', names: ['Hanover', 'Hannover'] },
  { country: 'AT', names: ['Vienna', 'Wien', 'Vienne', 'Viena'] },
  { country: 'CH', names: ['Zurich', 'Zürich', 'Zuerich'] },
  { country: 'CH', names: ['Geneva', 'Genève', 'Genf', 'Ginevra', 'Ginebra'] },
  { country: 'IT', names: ['Rome', 'Roma', 'Rom'] },
  { country: 'IT', names: ['Milan', 'Milano', 'Mailand'] },
  { country: 'IT', names: ['Naples', 'Napoli', 'Neapel'] },
  { country: 'IT', names: ['Florence', 'Firenze', 'Florenz'] },
  { country: 'IT', names: ['Venice', 'Venezia', 'Venedig', 'Venise'] },
  { country: 'IT', names: ['Turin', 'Torino'] },
  { country: 'IT', names: ['Genoa', 'Genova'] },
  { country: 'ES', names: ['Seville', 'Sevilla'] },
  { country: 'ES', names: ['Saragossa', 'Zaragoza'] },
  { country: 'PT', names: ['Lisbon', 'Lisboa', 'Lissabon', 'Lisbonne'] },
  { country: 'PT', names: ['Porto', 'Oporto'] },
  { country: 'CZ', names: ['Prague', 'Praha', 'Prag'] },
  { country: 'PL', names: ['Warsaw', 'Warszawa', 'Warschau', 'Varsovie'] },
  { country: 'PL', names: ['Krakow', 'Kraków', 'Cracow', 'Krakau', 'Cracovie'] },
  { country: 'DK', names: ['Copenhagen', 'København', 'Kopenhagen', 'Copenhague'] },
  { country: 'SE', names: ['Gothenburg', 'Göteborg'] },
  { country: 'BE', names: ['Brussels', 'Bruxelles', 'Brussel', 'Brüssel'] },
  { country: 'BE', names: ['Antwerp', 'Antwerpen', 'Anvers'] },
  { country: 'NL', names: ['The Hague', 'Den Haag', "'s-Gravenhage"] },
  { country: 'GR', names: ['Athens', 'Athína', 'Athen', 'Αθήνα'] },
  { country: 'RU', names: ['Moscow', 'Moskva', 'Moskau', 'Moscou', 'Москва'] },
  { country: 'RU', names: ['Saint Petersburg', 'Sankt-Peterburg', 'Sankt Petersburg', 'Leningrad', 'Санкт-Петербург'] },
  { country: 'UA', names: ['Kyiv', 'Kiev', 'Київ', 'Киев'] },
  { country: 'TR', names: ['Istanbul', 'İstanbul', 'Constantinople'] },
  // Asia
  { country: 'IN', names: ['Mumbai', 'Bombay'] },
  { country: 'IN', names: ['Chennai', 'Madras'] },
  { country: 'IN', names: ['Kolkata', 'Calcutta'] },
  { country: 'IN', names: ['Bengaluru', 'Bangalore'] },
  { country: 'IN', names: ['Delhi', 'New Delhi'] },
  { country: 'JP', names: ['Tokyo', 'Tokio', '東京', 'とうきょう', 'Tōkyō'] },
  { country: 'JP', names: ['Osaka', '大阪', 'Ōsaka'] },
  { country: 'JP', names: ['Kyoto', '京都', 'Kyōto'] },
  { country: 'CN', names: ['Beijing', 'Peking', '北京'] },
  { country: 'CN', names: ['Shanghai', '上海'] },
  { country: 'CN', names: ['Guangzhou', '广州'] },
  { country: 'HK', names: ['Hong Kong', '香港'] },
  { country: 'KR', names: ['Seoul', '서울'] },
  { country: 'TH', names: ['Bangkok', 'Krung Thep', 'กรุงเทพมหานคร'] },
  { country: 'VN', names: ['Ho Chi Minh City', 'Saigon', 'Thành phố Hồ Chí Minh'] },
  { country: 'MM', names: ['Yangon', 'Rangoon'] },
  // Americas
  { country: 'BR', names: ['Sao Paulo', 'São Paulo', 'Sampa'] },
  { country: 'BR', names: ['Rio de Janeiro', 'Rio'] },
  { country: 'MX', names: ['Mexico City', 'Ciudad de México', 'CDMX'] },
  { country: 'CA', names: ['Montreal', 'Montréal'] },
  { country: 'CA', names: ['Quebec', 'Québec', 'Quebec City'] },
];

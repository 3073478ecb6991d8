/**
 * The demo category catalogue: Google-Maps-style category names, grouped, each with a weight
 * (how common it is), the nouns used to build business names, its opening-hours profile and,
 * for a few broad categories, the more specific Google types a business may carry.
 */

export type CategoryGroup =
  | 'food'
  | 'cafe'
  | 'nightlife'
  | 'health'
  | 'beauty'
  | 'home'
  | 'auto'
  | 'retail'
  | 'pets'
  | 'professional'
  | 'finance'
  | 'education'
  | 'leisure'
  | 'lodging'
  | 'worship'
  | 'community';

export type HoursProfile =
  | 'restaurant'
  | 'cafe'
  | 'night'
  | 'office'
  | 'clinic'
  | 'shop'
  | 'long'
  | 'always'
  | 'garage'
  | 'trade'
  | 'bank'
  | 'school'
  | 'gym'
  | 'attraction'
  | 'park'
  | 'worship';

export interface DemoCategory {
  readonly name: string;
  readonly group: CategoryGroup;
  /** Relative frequency: Restaurant is 60, a rare category 1. */
  readonly weight: number;
  /** Words that name this kind of business in a business name ("Trattoria", "Plumbing"). */
  readonly nouns: readonly string[];
  readonly hours: HoursProfile;
  /** More specific catalogue categories used as `type` for some businesses of this category. */
  readonly types: readonly string[];
}

interface RowOptions {
  readonly hours?: HoursProfile;
  readonly types?: readonly string[];
}

type Row = readonly [name: string, weight: number, nouns?: string, options?: RowOptions];

const GROUP_HOURS: Record<CategoryGroup, HoursProfile> = {
  food: 'restaurant',
  cafe: 'cafe',
  nightlife: 'night',
  health: 'clinic',
  beauty: 'shop',
  home: 'trade',
  auto: 'garage',
  retail: 'shop',
  pets: 'clinic',
  professional: 'office',
  finance: 'bank',
  education: 'school',
  leisure: 'gym',
  lodging: 'always',
  worship: 'worship',
  community: 'office',
};

const FOOD: readonly Row[] = [
  ['Restaurant', 60, 'Restaurant|Kitchen|Bistro|Grill|Eatery|Table', {
    types: ['Italian restaurant', 'Chinese restaurant', 'Mexican restaurant', 'Indian restaurant', 'Japanese restaurant', 'Thai restaurant', 'French restaurant', 'Seafood restaurant', 'Mediterranean restaurant', 'American restaurant'],
  }],
  ['Italian restaurant', 14, 'Trattoria|Osteria|Ristorante|Cucina'],
  ['Pizza restaurant', 14, 'Pizzeria|Pizza|Pizza Co.|Pizza Bar'],
  ['Chinese restaurant', 10, 'Garden|Palace|Kitchen|Dumpling House|Wok'],
  ['Japanese restaurant', 7, 'Izakaya|Kitchen|Teppanyaki|Dining'],
  ['Sushi restaurant', 7, 'Sushi|Sushi Bar|Sushi House'],
  ['Ramen restaurant', 3, 'Ramen|Noodle Bar|Ramen House'],
  ['Mexican restaurant', 8, 'Taqueria|Cantina|Cocina|Mexican Grill'],
  ['Taco restaurant', 3, 'Tacos|Taqueria|Taco Shop'],
  ['Indian restaurant', 8, 'Tandoori|Curry House|Masala|Spice'],
  ['Thai restaurant', 6, 'Thai Kitchen|Thai|Siam|Thai Orchid'],
  ['Vietnamese restaurant', 4, 'Pho|Saigon Kitchen|Banh Mi'],
  ['Korean restaurant', 3, 'Korean Kitchen|Seoul Kitchen|Bap'],
  ['Korean barbecue restaurant', 2, 'Korean BBQ|Grill House'],
  ['French restaurant', 5, 'Bistro|Brasserie|Bistrot|Table'],
  ['Brasserie', 3, 'Brasserie'],
  ['Crêperie', 2, 'Crêperie|Crêpes'],
  ['Spanish restaurant', 3, 'Cocina|Mesón|Paella House'],
  ['Tapas restaurant', 3, 'Tapas|Bodega|Tapas Bar'],
  ['Greek restaurant', 3, 'Taverna|Greek Kitchen|Souvlaki'],
  ['Turkish restaurant', 3, 'Kebab House|Meze|Ocakbaşı'],
  ['Lebanese restaurant', 2, 'Grill|Meze|Lebanese Kitchen'],
  ['Middle Eastern restaurant', 2, 'Falafel|Grill|Shawarma'],
  ['Mediterranean restaurant', 3, 'Mediterranean Kitchen|Meze|Olive Grill'],
  ['American restaurant', 5, 'Diner|Grill|Kitchen|Tavern'],
  ['Diner', 3, 'Diner|Luncheonette'],
  ['Hamburger restaurant', 7, 'Burgers|Burger Joint|Burger Bar'],
  ['Fast food restaurant', 12, 'Express|Quick Bites|Fast Food|Grill', { hours: 'long' }],
  ['Chicken restaurant', 3, 'Chicken|Rotisserie|Wings'],
  ['Fried chicken takeaway', 2, 'Fried Chicken|Chicken Shack'],
  ['Fish and chips takeaway', 2, 'Fish & Chips|Chippy|Fish Bar'],
  ['Seafood restaurant', 5, 'Seafood|Fish House|Oyster Bar|Crab Shack'],
  ['Steak house', 4, 'Steakhouse|Chophouse|Grill'],
  ['Barbecue restaurant', 3, 'BBQ|Smokehouse|Barbecue'],
  ['Vegetarian restaurant', 3, 'Green Kitchen|Veggie Kitchen|Garden'],
  ['Vegan restaurant', 2, 'Vegan Kitchen|Plant Kitchen|Vegan'],
  ['Brazilian restaurant', 2, 'Churrascaria|Brazilian Grill'],
  ['Peruvian restaurant', 1, 'Cevichería|Peruvian Kitchen'],
  ['Ethiopian restaurant', 1, 'Ethiopian Kitchen|Injera House'],
  ['Moroccan restaurant', 1, 'Riad|Tagine|Moroccan Kitchen'],
  ['Caribbean restaurant', 1, 'Caribbean Kitchen|Jerk Shack'],
  ['Portuguese restaurant', 1, 'Tasca|Churrasqueira'],
  ['German restaurant', 2, 'Gasthaus|Bierstube|Wirtshaus'],
  ['Dim sum restaurant', 1, 'Dim Sum|Tea House|Dumplings'],
  ['Noodle shop', 2, 'Noodles|Noodle House|Noodle Bar'],
  ['Kebab shop', 5, 'Kebab|Döner|Kebab House'],
  ['Sandwich shop', 5, 'Sandwiches|Deli|Subs'],
  ['Deli', 3, 'Deli|Delicatessen'],
  ['Buffet restaurant', 2, 'Buffet|Grand Buffet'],
  ['Family restaurant', 2, 'Family Restaurant|Kitchen|Table'],
  ['Fine dining restaurant', 1, 'Dining Room|Restaurant|Table'],
  ['Brunch restaurant', 2, 'Brunch|Brunch Club|Kitchen'],
  ['Breakfast restaurant', 2, 'Pancake House|Breakfast Club|Griddle'],
  ['Takeout restaurant', 3, 'Takeaway|To Go|Kitchen'],
  ['Meal delivery', 2, 'Meals|Delivery Kitchen|Eats'],
  ['Bistro', 3, 'Bistro|Bistrot'],
  ['Gastropub', 2, 'Arms|Tavern|Kitchen & Bar'],
  ['Poke bar', 1, 'Poke|Poke Bowl'],
  ['Salad shop', 1, 'Salads|Greens|Salad Bar'],
  ['Food truck', 1, 'Food Truck|Street Kitchen|Eats'],
  ['Dumpling restaurant', 1, 'Dumplings|Dumpling House'],
  ['Hot pot restaurant', 1, 'Hot Pot|Hot Pot House'],
];

const CAFE: readonly Row[] = [
  ['Café', 40, 'Café|Coffee House|Espresso Bar|Kaffeehaus'],
  ['Coffee shop', 25, 'Coffee|Coffee Co.|Roasters|Coffee Bar'],
  ['Bakery', 18, 'Bakery|Boulangerie|Bakehouse|Bread Co.'],
  ['Pâtisserie', 3, 'Pâtisserie|Patisserie'],
  ['Cake shop', 3, 'Cakes|Cake Studio|Cake Shop'],
  ['Donut shop', 2, 'Donuts|Doughnuts'],
  ['Ice cream shop', 5, 'Gelato|Ice Cream|Creamery|Gelateria'],
  ['Dessert shop', 3, 'Desserts|Sweets|Dessert Bar'],
  ['Tea house', 2, 'Tea House|Tea Room|Teas'],
  ['Bubble tea store', 3, 'Bubble Tea|Boba|Tea Bar'],
  ['Juice shop', 2, 'Juice Bar|Juicery|Smoothies'],
  ['Chocolate shop', 1, 'Chocolatier|Chocolates|Cocoa'],
  ['Bagel shop', 1, 'Bagels|Bagel Bakery'],
  ['Internet cafe', 1, 'Net Café|Cyber Café'],
];

const NIGHTLIFE: readonly Row[] = [
  ['Bar', 20, 'Bar|Tavern|Lounge|Bar & Grill', { types: ['Cocktail bar', 'Wine bar', 'Sports bar', 'Irish pub'] }],
  ['Pub', 12, 'Arms|Tavern|Inn|Pub'],
  ['Cocktail bar', 5, 'Cocktail Bar|Cocktail Club|Speakeasy'],
  ['Wine bar', 4, 'Wine Bar|Enoteca|Cave à Vin|Vinothek'],
  ['Sports bar', 3, 'Sports Bar|Sports Grill'],
  ['Beer garden', 2, 'Biergarten|Beer Garden'],
  ['Brewery', 3, 'Brewing Co.|Brewery|Beer Co.'],
  ['Brewpub', 1, 'Brewhouse|Taproom'],
  ['Night club', 4, 'Club|Nightclub'],
  ['Karaoke bar', 1, 'Karaoke|Karaoke Box'],
  ['Irish pub', 2, 'Irish Pub|Shebeen'],
  ['Hookah bar', 1, 'Shisha Lounge|Hookah Lounge'],
  ['Lounge', 2, 'Lounge|Lounge Bar'],
  ['Live music venue', 1, 'Music Hall|Live|Jazz Club'],
  ['Distillery', 1, 'Distillery|Spirits Co.'],
];

const HEALTH: readonly Row[] = [
  ['Dentist', 25, 'Dental|Dental Care|Dentistry|Dental Practice'],
  ['Dental clinic', 10, 'Dental Clinic|Dental Centre|Dental Group'],
  ['Orthodontist', 3, 'Orthodontics|Braces'],
  ['Doctor', 12, 'Medical Practice|Family Medicine|Clinic', {
    types: ['General practitioner', 'Pediatrician', 'Dermatologist', 'Cardiologist', 'Gynecologist'],
  }],
  ['General practitioner', 6, 'Family Practice|Medical Centre|Surgery'],
  ['Medical clinic', 10, 'Medical Clinic|Health Centre|Clinic|Medical Group'],
  ['Hospital', 4, 'Hospital|General Hospital|Medical Center', { hours: 'always' }],
  ['Pharmacy', 18, 'Pharmacy|Chemist|Apothecary|Farmacia', { hours: 'shop' }],
  ['Drugstore', 3, 'Drugstore|Drugs & Sundries', { hours: 'long' }],
  ['Physiotherapist', 6, 'Physio|Physiotherapy|Sports Physio'],
  ['Chiropractor', 4, 'Chiropractic|Spine & Wellness'],
  ['Optician', 6, 'Optical|Opticians|Eyewear', { hours: 'shop' }],
  ['Optometrist', 3, 'Eye Care|Optometry|Vision Centre'],
  ['Pediatrician', 3, "Pediatrics|Children's Clinic|Kids Health"],
  ['Dermatologist', 2, 'Dermatology|Skin Clinic'],
  ['Gynecologist', 1, "Women's Health|Gynecology"],
  ['Cardiologist', 1, 'Cardiology|Heart Centre'],
  ['Ophthalmologist', 1, 'Eye Clinic|Ophthalmology'],
  ['Psychologist', 3, 'Psychology|Counselling|Mind Clinic'],
  ['Psychiatrist', 1, 'Psychiatry|Mental Health'],
  ['Psychotherapist', 2, 'Psychotherapy|Therapy Rooms'],
  ['Medical laboratory', 2, 'Lab|Diagnostics|Laboratories'],
  ['Urgent care center', 2, 'Urgent Care|Walk-in Clinic', { hours: 'long' }],
  ['Osteopath', 1, 'Osteopathy|Osteopaths'],
  ['Podiatrist', 1, 'Foot Clinic|Podiatry'],
  ['Acupuncture clinic', 1, 'Acupuncture|Traditional Medicine'],
  ['Massage therapist', 3, 'Massage|Bodywork|Massage Therapy'],
  ['Nutritionist', 1, 'Nutrition|Dietetics'],
  ['Speech pathologist', 1, 'Speech Therapy|Speech & Language'],
  ['Hearing aid store', 1, 'Hearing|Hearing Care', { hours: 'shop' }],
  ['Blood testing service', 1, 'Blood Tests|Lab Services'],
];

const BEAUTY: readonly Row[] = [
  ['Hair salon', 30, 'Hair|Hair Studio|Salon|Hair Design'],
  ['Beauty salon', 15, 'Beauty|Beauty Lounge|Beauty Studio|Beauté'],
  ['Barber shop', 15, 'Barbers|Barber Shop|Barber Co.|Barbershop'],
  ['Nail salon', 10, 'Nails|Nail Bar|Nail Studio|Nail Spa'],
  ['Hairdresser', 3, 'Hairdressing|Hair|Coiffure'],
  ['Spa', 5, 'Spa|Day Spa|Wellness Spa'],
  ['Day spa', 2, 'Day Spa|Retreat'],
  ['Massage spa', 2, 'Massage|Thai Massage|Foot Spa'],
  ['Tattoo shop', 4, 'Tattoo|Ink|Tattoo Studio'],
  ['Piercing shop', 1, 'Piercing|Body Piercing'],
  ['Eyelash salon', 1, 'Lashes|Lash Studio|Lash Bar'],
  ['Waxing hair removal service', 1, 'Wax Bar|Waxing Studio'],
  ['Tanning studio', 1, 'Tan|Tanning|Sun Studio'],
  ['Cosmetics store', 3, 'Cosmetics|Beauty Store|Makeup'],
  ['Perfume store', 1, 'Parfums|Perfumery|Fragrances'],
  ['Beauty supply store', 1, 'Beauty Supply|Salon Supplies'],
  ['Make-up artist', 1, 'Makeup|Makeup Artistry'],
  ['Skin care clinic', 2, 'Skin|Skin Clinic|Aesthetics'],
];

const HOME: readonly Row[] = [
  ['Plumber', 12, 'Plumbing|Plumbing Co.|Plumbing & Heating|Plumbers'],
  ['Electrician', 12, 'Electric|Electrical|Electrical Services|Electricians'],
  ['HVAC contractor', 5, 'Heating & Air|HVAC|Climate Control|Heating & Cooling'],
  ['Roofing contractor', 4, 'Roofing|Roofers|Roofing & Guttering'],
  ['General contractor', 6, 'Construction|Builders|Contracting|Building Co.'],
  ['Painter', 4, 'Painting|Painters & Decorators|Decorating'],
  ['Carpenter', 3, 'Carpentry|Joinery|Woodworks'],
  ['Locksmith', 4, 'Locksmiths|Lock & Key|Locks', { hours: 'always' }],
  ['House cleaning service', 4, 'Cleaning|Cleaners|Maids|Cleaning Co.'],
  ['Carpet cleaning service', 2, 'Carpet Cleaning|Carpet Care'],
  ['Pest control service', 3, 'Pest Control|Pest Solutions'],
  ['Landscaper', 4, 'Landscaping|Gardens|Landscapes'],
  ['Gardener', 2, 'Garden Services|Gardening'],
  ['Tree service', 1, 'Tree Care|Tree Surgeons|Arborists'],
  ['Moving company', 4, 'Movers|Removals|Moving|Relocations'],
  ['Storage facility', 2, 'Self Storage|Storage', { hours: 'long' }],
  ['Handyman', 4, 'Handyman Services|Home Repairs|Fix-It'],
  ['Window cleaning service', 1, 'Window Cleaning|Windows'],
  ['Glass & mirror shop', 1, 'Glass|Glass & Glazing'],
  ['Flooring contractor', 2, 'Flooring|Floors'],
  ['Kitchen remodeler', 1, 'Kitchens|Kitchen Design'],
  ['Bathroom remodeler', 1, 'Bathrooms|Bath Design'],
  ['Interior designer', 2, 'Interiors|Design Studio|Interior Design'],
  ['Pool cleaning service', 1, 'Pools|Pool Care'],
  ['Solar energy company', 2, 'Solar|Solar Energy|Sun Power'],
  ['Security system supplier', 1, 'Security|Alarms|Security Systems'],
  ['Appliance repair service', 2, 'Appliance Repair|Appliance Services'],
  ['Laundromat', 3, 'Laundromat|Launderette|Wash & Fold|Laundry', { hours: 'long' }],
  ['Dry cleaner', 4, 'Dry Cleaners|Cleaners|Pressing', { hours: 'shop' }],
  ['Tailor', 3, 'Tailoring|Alterations|Tailors', { hours: 'shop' }],
  ['Shoe repair shop', 1, 'Shoe Repair|Cobbler|Heel Bar', { hours: 'shop' }],
  ['Key duplication service', 1, 'Keys|Key Cutting', { hours: 'shop' }],
  ['Septic system service', 1, 'Septic|Drainage'],
  ['Masonry contractor', 1, 'Masonry|Stonework|Bricklaying'],
  ['Fence contractor', 1, 'Fencing|Fences'],
  ['Garage door supplier', 1, 'Garage Doors|Doors'],
  ['Chimney sweep', 1, 'Chimney Sweep|Chimney Services'],
  ['Upholstery shop', 1, 'Upholstery|Upholsterers'],
];

const AUTO: readonly Row[] = [
  ['Car repair and maintenance service', 12, 'Auto Repair|Auto Service|Garage|Motors'],
  ['Auto repair shop', 10, 'Auto Repair|Garage|Auto Clinic|Automotive'],
  ['Mechanic', 6, 'Mechanics|Auto Works|Motor Works'],
  ['Car dealer', 6, 'Motors|Auto Sales|Cars|Automobiles', { hours: 'shop' }],
  ['Used car dealer', 4, 'Used Cars|Auto Sales|Car Sales', { hours: 'shop' }],
  ['Gas station', 10, 'Fuel|Gas|Petrol|Service Station', { hours: 'always' }],
  ['Car wash', 5, 'Car Wash|Auto Spa|Wash', { hours: 'long' }],
  ['Tire shop', 4, 'Tyres|Tires|Tyre & Auto|Tire Center'],
  ['Auto body shop', 4, 'Body Shop|Collision|Panel Beaters|Body Works'],
  ['Auto parts store', 4, 'Auto Parts|Motor Factors|Car Parts', { hours: 'shop' }],
  ['Car rental agency', 4, 'Car Rental|Rent-a-Car|Car Hire', { hours: 'long' }],
  ['Motorcycle dealer', 2, 'Motorcycles|Moto|Bikes', { hours: 'shop' }],
  ['Motorcycle repair shop', 1, 'Moto Repair|Motorcycle Service'],
  ['Towing service', 2, 'Towing|Recovery|Tow', { hours: 'always' }],
  ['Driving school', 3, 'Driving School|School of Motoring|Driver Training', { hours: 'office' }],
  ['Oil change service', 1, 'Lube|Oil Change|Quick Lube'],
  ['Car detailing service', 2, 'Detailing|Auto Detailing|Car Care'],
  ['Auto glass shop', 1, 'Auto Glass|Windscreens'],
  ['Electric vehicle charging station', 3, 'EV Charging|Charge Point|Charging Hub', { hours: 'always' }],
  ['Parking garage', 3, 'Parking|Car Park|Parking Garage', { hours: 'always' }],
  ['Truck repair shop', 1, 'Truck Repair|Diesel Service'],
  ['Transmission shop', 1, 'Transmissions|Gearbox Services'],
  ['Car inspection station', 1, 'Vehicle Inspection|MOT Centre|Inspection Station'],
];

const RETAIL: readonly Row[] = [
  ['Supermarket', 20, 'Supermarket|Market|Foods|Fresh Market', { hours: 'long' }],
  ['Grocery store', 18, 'Grocery|Grocer|Foods|Market', { hours: 'long' }],
  ['Convenience store', 15, 'Mart|Express|Corner Shop|Convenience', { hours: 'long' }],
  ['Hardware store', 6, 'Hardware|Home & Hardware|DIY|Tools'],
  ['Home improvement store', 3, 'Home Centre|Home Improvement|DIY'],
  ['Clothing store', 15, 'Boutique|Clothing|Apparel|Outfitters', {
    types: ["Women's clothing store", "Men's clothing store", "Children's clothing store"],
  }],
  ["Women's clothing store", 5, 'Boutique|Fashion|Womenswear'],
  ["Men's clothing store", 3, 'Menswear|Outfitters|Clothiers'],
  ["Children's clothing store", 2, 'Kids|Little Ones|Kidswear'],
  ['Shoe store', 6, 'Shoes|Footwear|Shoe Store'],
  ['Sporting goods store', 3, 'Sports|Outdoor|Athletics|Sport'],
  ['Outdoor sports store', 1, 'Outdoor|Adventure|Outfitters'],
  ['Bicycle shop', 3, 'Cycles|Bikes|Bike Shop|Cycle Works'],
  ['Electronics store', 6, 'Electronics|Tech|Digital'],
  ['Mobile phone store', 6, 'Mobile|Phones|Cellular|Mobiles'],
  ['Computer store', 2, 'Computers|PC|Tech'],
  ['Furniture store', 5, 'Furniture|Home|Interiors|Furnishings'],
  ['Home goods store', 3, 'Home|Homewares|Living'],
  ['Mattress store', 1, 'Mattress|Sleep|Beds'],
  ['Appliance store', 2, 'Appliances|Home Appliances'],
  ['Department store', 3, 'Department Store|Emporium|Store'],
  ['Shopping mall', 3, 'Mall|Shopping Centre|Galleria|Plaza', { hours: 'long' }],
  ['Jewelry store', 5, 'Jewellers|Jewelry|Gold|Diamonds'],
  ['Watch store', 1, 'Watches|Timepieces'],
  ['Book store', 4, 'Books|Bookshop|Booksellers|Librairie'],
  ['Stationery store', 2, 'Stationery|Papeterie|Paper Co.'],
  ['Gift shop', 4, 'Gifts|Gift Shop|Presents'],
  ['Toy store', 3, 'Toys|Toy Box|Toy Shop'],
  ['Florist', 6, 'Flowers|Florist|Blooms|Fleurs'],
  ['Garden center', 3, 'Garden Centre|Nursery|Garden World'],
  ['Liquor store', 5, 'Liquor|Wine & Spirits|Off Licence|Bottle Shop', { hours: 'long' }],
  ['Wine store', 2, 'Wines|Cellars|Cave|Wine Merchants'],
  ['Butcher shop', 4, 'Butchers|Meats|Boucherie|Quality Meats'],
  ['Fish store', 1, 'Fishmonger|Seafood|Fish Market'],
  ['Greengrocer', 2, 'Fruit & Veg|Greengrocer|Fresh Produce'],
  ["Farmers' market", 1, "Farmers' Market|Market"],
  ['Health food store', 2, 'Health Foods|Wholefoods|Natural Foods'],
  ['Organic food store', 1, 'Organic|Bio Market|Organics'],
  ['Asian grocery store', 2, 'Asian Market|Asian Grocery|Oriental Market'],
  ['Cheese shop', 1, 'Fromagerie|Cheese|Cheesemongers'],
  ['Spice store', 1, 'Spices|Spice Market'],
  ['Tobacco shop', 3, 'Tobacconist|Tabac|Smoke Shop'],
  ['Vape shop', 2, 'Vape|Vapour|Vape Lounge'],
  ['Newsstand', 1, 'News|Newsagent|Kiosk'],
  ['Thrift store', 2, 'Thrift|Second Hand|Thrift Shop'],
  ['Second hand store', 1, 'Pre-loved|Second Hand|Resale'],
  ['Antique store', 2, 'Antiques|Antiquités|Curiosities'],
  ['Art supply store', 1, 'Art Supplies|Art Store'],
  ['Craft store', 1, 'Crafts|Craft Store|Hobby & Craft'],
  ['Fabric store', 1, 'Fabrics|Textiles|Fabric House'],
  ['Musical instrument store', 1, 'Music|Guitars|Music Store'],
  ['Record store', 1, 'Records|Vinyl|Record Shop'],
  ['Video game store', 1, 'Games|Game Store|Gaming'],
  ['Camera store', 1, 'Cameras|Camera Store|Photo'],
  ['Paint store', 1, 'Paints|Paint & Decor'],
  ['Lighting store', 1, 'Lighting|Lights|Lamps'],
  ['Kitchen supply store', 1, 'Kitchenware|Cookware|Kitchen Shop'],
  ['Baby store', 1, 'Baby|Baby Store|Little Ones'],
  ['Bridal shop', 1, 'Bridal|Brides|Wedding Dresses'],
  ['Lingerie store', 1, 'Lingerie|Intimates'],
  ['Discount store', 3, 'Discount|Dollar|Bargains|Discount Store'],
  ['Variety store', 2, 'Variety|General Store|Five & Dime'],
  ['Market', 2, 'Market|Market Hall|Marché'],
  ['Pawn shop', 1, 'Pawn|Pawnbrokers|Cash & Pawn'],
  ['Cell phone accessory store', 1, 'Phone Accessories|Cases & More'],
  ['Party store', 1, 'Party Supplies|Party Store|Balloons'],
  ['Hobby store', 1, 'Hobbies|Models & Hobbies'],
  ['Souvenir store', 1, 'Souvenirs|Gifts & Souvenirs'],
  ['Boutique', 2, 'Boutique|Concept Store'],
  ['Carpet store', 1, 'Carpets|Rugs|Flooring'],
  ['Tile store', 1, 'Tiles|Tile Centre'],
  ['Building materials store', 1, 'Building Supplies|Builders Merchants'],
  ['Office supply store', 1, 'Office Supplies|Office Depot'],
  ['Sunglasses store', 1, 'Sunglasses|Shades'],
  ['Bedding store', 1, 'Bedding|Linens|Bed & Bath'],
];

const PETS: readonly Row[] = [
  ['Veterinarian', 8, 'Veterinary Clinic|Vets|Animal Hospital|Pet Clinic'],
  ['Animal hospital', 2, 'Animal Hospital|Veterinary Hospital', { hours: 'always' }],
  ['Pet store', 5, 'Pets|Pet Supplies|Pet Shop|Pet Store', { hours: 'shop' }],
  ['Pet groomer', 3, 'Grooming|Pet Spa|Dog Grooming', { hours: 'shop' }],
  ['Dog trainer', 1, 'Dog Training|K9|Canine Academy'],
  ['Pet boarding service', 1, 'Pet Resort|Kennels|Pet Hotel'],
  ['Dog day care center', 1, 'Doggy Daycare|Dog Club'],
  ['Animal shelter', 1, 'Animal Shelter|Animal Rescue|Rescue Centre'],
];

const PROFESSIONAL: readonly Row[] = [
  ['Lawyer', 10, 'Law|Legal|Law Office|Attorneys'],
  ['Law firm', 6, 'Law Firm|LLP|Solicitors|Legal'],
  ['Notary public', 3, 'Notary|Notaries|Notary Services'],
  ['Accountant', 8, 'Accounting|Accountants|Tax & Accounting|CPA'],
  ['Tax preparation service', 3, 'Tax Services|Tax Pros|Tax Center'],
  ['Bookkeeping service', 1, 'Bookkeeping|Books'],
  ['Insurance agency', 7, 'Insurance|Insurance Group|Insurance Brokers'],
  ['Real estate agency', 12, 'Realty|Real Estate|Properties|Estate Agents'],
  ['Real estate agent', 3, 'Homes|Property|Real Estate'],
  ['Property management company', 3, 'Property Management|Property Services'],
  ['Marketing agency', 4, 'Marketing|Media|Creative|Digital'],
  ['Advertising agency', 2, 'Advertising|Creative|Communications'],
  ['Graphic designer', 2, 'Design|Graphics|Design Studio'],
  ['Website designer', 2, 'Web Design|Digital|Web Studio'],
  ['Software company', 3, 'Software|Labs|Technologies|Systems'],
  ['Computer support and services', 2, 'IT Solutions|Tech Support|IT Services'],
  ['Computer repair service', 3, 'Computer Repair|PC Repair|Tech Repair', { hours: 'shop' }],
  ['Mobile phone repair shop', 3, 'Phone Repair|Fix|Mobile Repair', { hours: 'shop' }],
  ['Consultant', 3, 'Consulting|Advisors|Consultants'],
  ['Business management consultant', 1, 'Management Consulting|Partners|Strategy'],
  ['Employment agency', 3, 'Recruitment|Staffing|Careers|Jobs'],
  ['Architect', 2, 'Architects|Architecture|Design'],
  ['Engineer', 1, 'Engineering|Engineers'],
  ['Surveyor', 1, 'Surveyors|Surveying'],
  ['Translator', 1, 'Translations|Language Services'],
  ['Photographer', 4, 'Photography|Studio|Photo'],
  ['Videographer', 1, 'Films|Video|Productions'],
  ['Event planner', 2, 'Events|Event Co.'],
  ['Wedding planner', 1, 'Weddings|Wedding Co.'],
  ['Travel agency', 4, 'Travel|Tours|Holidays|Voyages', { hours: 'shop' }],
  ['Courier service', 2, 'Courier|Express|Delivery'],
  ['Shipping and mailing service', 2, 'Ship & Mail|Post & Parcel|Mailboxes', { hours: 'shop' }],
  ['Post office', 3, 'Post Office|Postal Services'],
  ['Print shop', 2, 'Print|Printing|Print Shop', { hours: 'shop' }],
  ['Copy shop', 1, 'Copy Centre|Copies|Print & Copy', { hours: 'shop' }],
  ['Coworking space', 2, 'Coworking|Workspace|Hub|Works', { hours: 'long' }],
  ['Funeral home', 2, 'Funeral Home|Funeral Services|Funeral Directors'],
  ['Security guard service', 1, 'Security|Guarding|Protection'],
  ['Financial planner', 2, 'Financial|Wealth|Financial Planning'],
  ['Corporate office', 2, 'Group|Holdings|International|Corporation'],
  ['Non-profit organization', 2, 'Foundation|Trust|Alliance'],
  ['Association or organization', 1, 'Association|Society|Federation'],
  ['Logistics service', 1, 'Logistics|Freight|Supply Chain'],
  ['Trucking company', 1, 'Haulage|Freight|Trucking|Transport'],
  ['Taxi service', 3, 'Taxis|Cabs|Cars|Taxi', { hours: 'always' }],
  ['Airport shuttle service', 1, 'Shuttle|Airport Transfers'],
];

const FINANCE: readonly Row[] = [
  ['Bank', 12, 'Bank|Savings Bank|Bank & Trust'],
  ['ATM', 8, 'ATM', { hours: 'always' }],
  ['Credit union', 2, 'Credit Union|Federal Credit Union'],
  ['Currency exchange service', 2, 'Exchange|Forex|Money Exchange', { hours: 'shop' }],
  ['Money transfer service', 2, 'Money Transfer|Remittance', { hours: 'shop' }],
  ['Loan agency', 1, 'Loans|Finance|Lending'],
  ['Mortgage broker', 2, 'Mortgages|Home Loans|Mortgage Co.'],
  ['Investment company', 1, 'Capital|Investments|Asset Management'],
];

const EDUCATION: readonly Row[] = [
  ['School', 8, 'School|Academy'],
  ['Primary school', 5, 'Primary School|Elementary'],
  ['Elementary school', 3, 'Elementary School|Elementary'],
  ['Secondary school', 3, 'Secondary School|College|Academy'],
  ['High school', 3, 'High School|High'],
  ['Middle school', 1, 'Middle School'],
  ['Preschool', 4, 'Preschool|Early Learning|Nursery School'],
  ['Kindergarten', 3, 'Kindergarten|Kita|Kinder'],
  ['Day care center', 3, 'Childcare|Daycare|Kids Club'],
  ['University', 2, 'University|Institute|Polytechnic'],
  ['College', 2, 'College|Community College'],
  ['Language school', 4, 'Languages|Language Academy|English School', { hours: 'office' }],
  ['Music school', 2, 'Music Academy|Music School|Conservatory', { hours: 'office' }],
  ['Dance school', 3, 'Dance Studio|Dance Academy|Ballet School', { hours: 'gym' }],
  ['Art school', 1, 'Art School|Atelier|Art Studio', { hours: 'office' }],
  ['Tutoring service', 3, 'Tutoring|Learning Centre|Tutors', { hours: 'office' }],
  ['Library', 3, 'Library|Public Library', { hours: 'attraction' }],
  ['Training centre', 1, 'Training|Training Centre|Skills Academy', { hours: 'office' }],
  ['Cooking school', 1, 'Cookery School|Cooking School|Kitchen Academy', { hours: 'office' }],
  ['Montessori school', 1, 'Montessori|Montessori School'],
  ['Vocational school', 1, 'Technical College|Vocational Institute'],
];

const LEISURE: readonly Row[] = [
  ['Gym', 14, 'Fitness|Gym|Athletic Club|Strength'],
  ['Fitness center', 6, 'Fitness Centre|Fitness Club|Health Club'],
  ['Yoga studio', 6, 'Yoga|Yoga Studio|Yoga Shala'],
  ['Pilates studio', 3, 'Pilates|Pilates Studio|Reformer'],
  ['Martial arts school', 3, 'Martial Arts|Karate|Jiu-Jitsu|Dojo'],
  ['Boxing gym', 1, 'Boxing Club|Boxing Gym'],
  ['Swimming pool', 3, 'Aquatic Centre|Pool|Swim Centre'],
  ['Sports club', 3, 'Sports Club|Athletic Club|FC'],
  ['Tennis club', 1, 'Tennis Club|Racquet Club'],
  ['Golf course', 2, 'Golf Club|Golf Course|Links', { hours: 'park' }],
  ['Bowling alley', 2, 'Lanes|Bowl|Bowling'],
  ['Climbing gym', 1, 'Climbing|Boulders|Climbing Wall'],
  ['Ice skating rink', 1, 'Ice Rink|Ice Arena'],
  ['Stadium', 1, 'Stadium|Arena', { hours: 'attraction' }],
  ['Park', 8, 'Park|Gardens|Green|Commons', { hours: 'park' }],
  ['Playground', 2, 'Playground|Play Park', { hours: 'park' }],
  ['Dog park', 1, 'Dog Park|Off-Leash Area', { hours: 'park' }],
  ['Museum', 4, 'Museum|History Museum|Heritage Centre', { hours: 'attraction' }],
  ['Art gallery', 3, 'Gallery|Fine Art|Art Gallery', { hours: 'attraction' }],
  ['Movie theater', 3, 'Cinema|Cinemas|Picture House', { hours: 'attraction' }],
  ['Theater', 2, 'Theatre|Playhouse|Stage', { hours: 'attraction' }],
  ['Concert hall', 1, 'Concert Hall|Philharmonie|Music Hall', { hours: 'attraction' }],
  ['Amusement park', 1, 'Fun Park|Adventure Park|Amusement Park', { hours: 'attraction' }],
  ['Zoo', 1, 'Zoo|Wildlife Park', { hours: 'attraction' }],
  ['Aquarium', 1, 'Aquarium|Sea Life Centre', { hours: 'attraction' }],
  ['Tourist attraction', 4, 'Lookout|Old Town Square|Heritage Walk|Viewpoint', { hours: 'park' }],
  ['Escape room center', 1, 'Escape Rooms|Escape Games|Puzzle Rooms', { hours: 'attraction' }],
  ['Video arcade', 1, 'Arcade|Game Zone', { hours: 'attraction' }],
  ['Casino', 1, 'Casino|Casino & Resort', { hours: 'always' }],
  ['Event venue', 3, 'Events|Hall|Venue|Event Space', { hours: 'office' }],
  ['Wedding venue', 1, 'Estate|Manor|Hall|Barn', { hours: 'office' }],
  ['Banquet hall', 1, 'Banquet Hall|Banquets|Reception Hall', { hours: 'office' }],
  ['Campground', 1, 'Camping|Campground|Holiday Park', { hours: 'always' }],
  ['Marina', 1, 'Marina|Harbour|Yacht Club', { hours: 'park' }],
  ['Tour operator', 2, 'Tours|Adventures|Excursions', { hours: 'office' }],
  ['Pool hall', 1, 'Billiards|Pool Hall|Snooker Club', { hours: 'night' }],
  ['Community center', 2, 'Community Centre|Community Hall|Civic Centre', { hours: 'office' }],
];

const LODGING: readonly Row[] = [
  ['Hotel', 15, 'Hotel|Grand Hotel|Inn|Suites'],
  ['Motel', 3, 'Motel|Motor Inn|Motor Lodge'],
  ['Hostel', 3, 'Hostel|Backpackers|Hostel & Bar'],
  ['Guest house', 4, 'Guest House|Pension|Gästehaus|Guesthouse'],
  ['Bed & breakfast', 3, 'B&B|Bed & Breakfast'],
  ['Inn', 1, 'Inn|Coaching Inn'],
  ['Resort hotel', 2, 'Resort|Beach Resort|Spa Resort'],
  ['Holiday apartment rental', 2, 'Apartments|Residences|Holiday Lets'],
  ['Serviced apartment', 1, 'Serviced Apartments|Suites|Residences'],
  ['Lodge', 1, 'Lodge|Mountain Lodge'],
  ['Boutique hotel', 2, 'Hotel|House|Hôtel'],
];

const WORSHIP: readonly Row[] = [
  ['Church', 8, 'Church|Chapel', { types: ['Catholic church', 'Baptist church', 'Anglican church'] }],
  ['Catholic church', 3, 'Church|Parish|Cathedral'],
  ['Baptist church', 1, 'Baptist Church|Baptist Chapel'],
  ['Anglican church', 1, 'Church|Parish Church'],
  ['Mosque', 4, 'Mosque|Masjid|Islamic Centre'],
  ['Synagogue', 1, 'Synagogue|Shul|Congregation'],
  ['Hindu temple', 2, 'Temple|Mandir'],
  ['Buddhist temple', 2, 'Temple|Meditation Centre|Vihara'],
  ['Place of worship', 2, 'Fellowship|Worship Centre|Chapel'],
];

const COMMUNITY: readonly Row[] = [
  ['City hall', 1, 'City Hall|Town Hall|Hôtel de Ville'],
  ['Police station', 1, 'Police Station|Police', { hours: 'always' }],
  ['Fire station', 1, 'Fire Station|Fire Department', { hours: 'always' }],
  ['Courthouse', 1, 'Courthouse|Court|Law Courts'],
  ['Embassy', 1, 'Embassy|Consulate'],
  ['Government office', 2, 'Office|Service Centre|Administration'],
  ['Social services organization', 1, 'Social Services|Family Services'],
  ['Charity', 1, 'Charity|Trust|Foundation'],
  ['Cemetery', 1, 'Cemetery|Memorial Park', { hours: 'park' }],
  ['Recycling center', 1, 'Recycling Centre|Recycling', { hours: 'garage' }],
  ['Bus station', 2, 'Bus Station|Coach Station|Bus Terminal', { hours: 'always' }],
  ['Train station', 2, 'Station|Central Station|Railway Station', { hours: 'always' }],
];

const GROUPS: readonly (readonly [CategoryGroup, readonly Row[]])[] = [
  ['food', FOOD],
  ['cafe', CAFE],
  ['nightlife', NIGHTLIFE],
  ['health', HEALTH],
  ['beauty', BEAUTY],
  ['home', HOME],
  ['auto', AUTO],
  ['retail', RETAIL],
  ['pets', PETS],
  ['professional', PROFESSIONAL],
  ['finance', FINANCE],
  ['education', EDUCATION],
  ['leisure', LEISURE],
  ['lodging', LODGING],
  ['worship', WORSHIP],
  ['community', COMMUNITY],
];

function toCategory(group: CategoryGroup, [name, weight, nouns, options]: Row): DemoCategory {
  return {
    name,
    group,
    weight,
    nouns: nouns ? nouns.split('|') : [name],
    hours: options?.hours ?? GROUP_HOURS[group],
    types: options?.types ?? [],
  };
}

/** The demo category catalogue, every name unique. */
export const DEMO_CATEGORIES: readonly DemoCategory[] = GROUPS.flatMap(([group, rows]) =>
  rows.map((row) => toCategory(group, row)),
);

const BY_NAME = new Map(DEMO_CATEGORIES.map((category) => [category.name, category]));

/** The catalogue entry with this exact name, if any. */
export function demoCategoryNamed(name: string): DemoCategory | undefined {
  return BY_NAME.get(name);
}

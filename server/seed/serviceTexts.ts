/** Demo texts of the services seed (and the benchmark's generated services). */

export const designations = [
  'Cotton poplin shirt, long sleeves',
  'Merino wool crew-neck sweater',
  'Stretch denim slim trousers',
  'Silk twill printed scarf',
  'Leather tote bag, large',
  'Linen summer dress',
  'Cable-knit cardigan',
  'Canvas low-top sneaker',
  'Padded hooded parka',
  'Jersey crew-neck T-shirt',
  'Chino shorts, garment-dyed',
  'Wool blend overcoat',
];

export const colors = ['Navy', 'Ecru', 'Black', 'Indigo', 'Camel', 'Forest green', 'Burgundy', 'White'];
export const sizes = ['XS-XL', 'S-XXL', '36-44', 'One size', '38-46'];

export const labTests = [
  { testName: 'Colour fastness to washing', standard: 'ISO 105-C06' },
  { testName: 'Colour fastness to rubbing', standard: 'ISO 105-X12' },
  { testName: 'pH value of aqueous extract', standard: 'ISO 3071' },
  { testName: 'Azo dyes (banned amines)', standard: 'EN ISO 14362-1' },
  { testName: 'Dimensional stability to washing', standard: 'ISO 5077' },
  { testName: 'Tensile strength', standard: 'ISO 13934-1' },
  { testName: 'Formaldehyde content', standard: 'ISO 14184-1' },
];

export const notes = [
  'Please check the shade against the approved lab dip before sampling.',
  'Factory asks to start at 9:00 because of a power cut planned in the morning.',
  'Packing list received, 60% of the goods are packed.',
  'Previous inspection failed on measurements: please focus on chest width.',
  'Inspector confirmed, arriving the day before.',
  'Client wants photos of the carton markings in the report.',
];

export const standardMessages = [
  'AQL 2.5 major / 4.0 minor, general inspection level II.',
  'Follow the brand quality manual v3, chapter 4 (inspections).',
  'Social audit as per the amfori BSCI code of conduct.',
];

export const dateComments = ['The factory is not ready on that day', 'Goods will be packed one week later', 'Inspector not available, please choose another day'];

export const categories = [
  { slug: 'kitchen', name: 'Kitchen', description: 'Cookware, storage and small tools.' },
  { slug: 'garden', name: 'Garden', description: 'Planters, hand tools and outdoor care.' },
  { slug: 'office', name: 'Office', description: 'Desk organisation and stationery.' },
  { slug: 'lighting', name: 'Lighting', description: 'Lamps, bulbs and fittings.' },
  { slug: 'clearance', name: 'Clearance', description: 'Last units at reduced prices.' },
];

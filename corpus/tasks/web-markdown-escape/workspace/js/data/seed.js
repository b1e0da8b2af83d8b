export const seedNotes = [
  {
    id: 'welcome',
    updatedAt: 0,
    body: [
      '# Welcome to Jotter',
      '',
      'Write **markdown** on the left, see it on the right.',
      '',
      '- Notes are saved in this browser',
      '- Use `New note` to start another one',
      '',
      '> Tip: code blocks keep your formatting.',
    ].join('\n'),
  },
  {
    id: 'shopping',
    updatedAt: 0,
    body: '# Shopping\n\n1. Coffee\n2. Oat milk\n3. Bread',
  },
];

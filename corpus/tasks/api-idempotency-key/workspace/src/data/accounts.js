/** Test-mode merchant accounts and their secret keys. */
export const TEST_ACCOUNTS = [
  { id: 'acct_1Bakery', name: 'Rye & Crumb Bakery', secretKeys: ['sk_test_bakery_4eC39HqLyjWDarjtT1zdp7dc'] },
  { id: 'acct_2Florist', name: 'Petal Post Florist', secretKeys: ['sk_test_florist_BQokikJOvBiI2HlWgH4olfQ2'] },
  {
    id: 'acct_3Cycles',
    name: 'Spokes Cycle Repair',
    // A rotated key stays valid until the merchant revokes it.
    secretKeys: ['sk_test_cycles_new_9kQx2mZ7', 'sk_test_cycles_old_Lp3vN8sR'],
  },
];

import { SEED_MEMBERS } from './data/seed.js';
import { startMembersPage } from './features/members/membersPage.js';
import { createMembersService } from './services/membersService.js';

startMembersPage(document, createMembersService(SEED_MEMBERS)).then(() => {
  document.documentElement.dataset.ready = 'true';
});

import { Tabs } from './components/tabs.js';
import { Toolbar } from './components/toolbar.js';
import { renderMembers } from './components/members-list.js';
import { bindNotificationsForm } from './components/notifications-form.js';
import { members } from './data/members.js';
import { qsa } from './utils/dom.js';

for (const root of qsa('[data-tabs]')) new Tabs(root);
for (const root of qsa('[data-toolbar]')) new Toolbar(root);

const membersList = document.querySelector('[data-members]');
if (membersList) renderMembers(membersList, members);

const notifications = document.getElementById('panel-notifications');
if (notifications) bindNotificationsForm(notifications);

import { createRovingTabindex } from '../a11y/roving-tabindex.js';
import { qsa } from '../utils/dom.js';

/**
 * WAI-ARIA tabs with automatic activation: a tab is selected as soon as it
 * is focused, by click or by keyboard.
 */
export class Tabs {
  constructor(root) {
    this.root = root;
    this.tablist = root.querySelector(':scope > [role="tablist"]');
    this.tabs = qsa(':scope > [role="tab"]', this.tablist);
    this.panels = this.tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls')));

    const initial = Math.max(0, this.tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'));
    this.select(initial);

    this.tabs.forEach((tab, index) => {
      tab.addEventListener('click', () => this.select(index));
    });

    this.roving = createRovingTabindex(this.tabs, {
      orientation: this.tablist.getAttribute('aria-orientation') ?? 'horizontal',
      wrap: true,
      initial,
      onMove: (index) => this.select(index),
    });
    this.tablist.addEventListener('keydown', this.roving.onKeydown);
  }

  select(index) {
    this.tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      this.panels[i].hidden = !selected;
    });
    this.root.dispatchEvent(new CustomEvent('tabchange', { detail: { index, id: this.tabs[index].id } }));
  }
}

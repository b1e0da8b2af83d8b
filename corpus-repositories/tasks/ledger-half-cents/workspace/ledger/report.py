from collections import defaultdict

from .money import show_cents, to_cents


def monthly_totals(entries):
    """Each (month, category)'s total in cents, months and categories in order."""
    sums = defaultdict(float)
    for entry in entries:
        sums[(entry.day.strftime("%Y-%m"), entry.category)] += entry.amount
    return {key: to_cents(total) for key, total in sorted(sums.items())}


def render(totals):
    return "\n".join(f"{month}  {category:<12} {show_cents(cents):>10}" for (month, category), cents in totals.items())

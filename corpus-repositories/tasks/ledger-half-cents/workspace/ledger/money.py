def to_cents(amount):
    """An amount in whole cents."""
    return int(round(amount * 100))


def show_cents(cents):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"

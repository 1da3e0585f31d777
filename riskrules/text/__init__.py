"""Numbers and events → what people read: catalogs, rule sheet, diff, reports, plots."""

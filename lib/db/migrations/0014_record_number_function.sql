-- An organization's next invoice or payout number, taken inside the INSERT of the record itself
-- (lib/studio/orgs/counters.ts): the counter row is locked from that statement to the commit with
-- no round trip to the app server in between, so concurrent creates in one organization queue on
-- it for less time. Numbers stay gapless: a rolled-back create takes its increment back with it.
-- `lpad` alone would cut a seventh digit: the number is padded to six digits, never shortened.
CREATE FUNCTION studio_next_record_number(org integer, kind text, year integer) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  next_value integer;
BEGIN
  IF kind = 'invoice' THEN
    UPDATE organizations SET invoice_counter = invoice_counter + 1 WHERE id = org RETURNING invoice_counter INTO next_value;
  ELSIF kind = 'payout' THEN
    UPDATE organizations SET payout_counter = payout_counter + 1 WHERE id = org RETURNING payout_counter INTO next_value;
  ELSE
    RAISE EXCEPTION 'unknown record kind %', kind;
  END IF;
  IF next_value IS NULL THEN
    RAISE EXCEPTION 'organization % vanished', org;
  END IF;
  RETURN (CASE kind WHEN 'invoice' THEN 'INV' ELSE 'PO' END) || '-' || year || '-'
    || lpad(next_value::text, greatest(6, length(next_value::text)), '0');
END
$$;

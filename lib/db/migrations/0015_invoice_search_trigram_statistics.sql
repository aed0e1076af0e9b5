-- How often each trigram occurs in the invoice search's text (invoiceSearchText, the trigram
-- index's expression), sampled by ANALYZE: a search asks the index only for its rarest trigrams
-- (lib/studio/search-trigrams.ts), since the index's cost follows the commonest one it is given.
CREATE STATISTICS "invoices_search_trigrams" ON (show_trgm("invoice_number" || ' ' || "id" || ' ' || "payment_intent_id" || ' ' || "recipient_name" || ' ' || "recipient_email" || ' ' || "organization_name" || ' ' || "organization_email")) FROM "invoices";

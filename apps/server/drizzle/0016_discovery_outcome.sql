-- What a finished discovery saw (names tried, resolved, DNS failures, ports scanned and open), as
-- its worker reported it: the panel says why a discovery found nothing.
ALTER TABLE "enumeration_histories" ADD COLUMN "outcome" jsonb;

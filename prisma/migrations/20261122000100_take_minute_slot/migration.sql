-- The per-minute limit's check (lib/limits/take-minute-slot.ts) in one round trip: under the subject's
-- advisory lock (held until the calling statement's transaction ends), prune the subject's requests older
-- than 60 seconds, count the rest, and record this request only if it fits. Run as an interactive
-- transaction from the application this took six round trips, on every paid and every sandbox request.
CREATE OR REPLACE FUNCTION take_minute_slot(p_subject TEXT, p_limit INTEGER, p_at TIMESTAMPTZ)
RETURNS TABLE (ok BOOLEAN, oldest TIMESTAMPTZ)
LANGUAGE plpgsql
AS $$
DECLARE
  v_count INTEGER;
  v_oldest TIMESTAMPTZ;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rate:' || p_subject, 0));
  DELETE FROM rate_limit_hits WHERE subject = p_subject AND at <= p_at - INTERVAL '60 seconds';
  SELECT count(*)::INTEGER, min(at) INTO v_count, v_oldest FROM rate_limit_hits WHERE subject = p_subject;
  IF v_count >= p_limit THEN
    RETURN QUERY SELECT FALSE, v_oldest;
    RETURN;
  END IF;
  INSERT INTO rate_limit_hits (subject, at) VALUES (p_subject, p_at);
  RETURN QUERY SELECT TRUE, NULL::TIMESTAMPTZ;
END;
$$;

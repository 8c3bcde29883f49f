extension PostgresGameSystemSchema {
    /// `signet_gs_event(…)`: a whole external event in one call, so that an accepted POST costs one round trip
    /// and one transaction (the statement's own; with `synchronous_commit` on, one WAL flush).
    ///
    /// In order, each step the statement that the separate stores run (``PostgresReplayStore``,
    /// ``PostgresIdempotencyStore``), so the rows and their meaning are the same:
    /// 1. the replay claim on `signet_replays` (no row back: `replayed-request`, nothing else is done);
    /// 2. the `Idempotency-Key` claim on `signet_idempotency`; a key already held answers from its row
    ///    (`stored`, `conflict` or `in-progress`). A concurrent claim of the same key or identity waits on
    ///    the unique index until this transaction ends, then sees its outcome;
    /// 3. the award: 404 for a player that does not exist, else the refusal Swift passed (an unknown event),
    ///    else the rule's points added in SQL under the overflow guard (a rule applies whole or not at all:
    ///    with several point types their balances are locked and checked first), the achievement inserted
    ///    under its primary key, and the answer built as JSON;
    /// 4. the answer stored in the idempotency row claimed in step 2.
    ///
    /// Every text a client reads (error messages, the event's message) comes from Swift, so it is the same
    /// as in memory; the bodies are `jsonb` text, which Swift writes out again in its own JSON form. It
    /// returns one row: `outcome` (`replayed-request`, `in-progress`, `conflict`, `stored`, `applied`), and
    /// for the last two the status and body.
    static let eventFunction = """
        CREATE OR REPLACE FUNCTION signet_gs_event(
            p_now timestamptz, p_identity text, p_identity_expiry timestamptz,
            p_api_key text, p_key text, p_fingerprint text, p_key_expiry timestamptz, p_content_type text,
            p_tenant text, p_player text, p_refusal_status bigint, p_refusal_message text,
            p_names text[], p_amounts bigint[], p_overflows text[],
            p_achievement bigint, p_awarded_at text, p_message text, p_unknown_player text)
        RETURNS TABLE (outcome text, status bigint, body bytea)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_fingerprint text;
            v_done boolean;
            v_status bigint;
            v_body bytea;
            v_count integer := coalesce(array_length(p_names, 1), 0);
            v_overflow bigint;
            v_awards jsonb := '[]';
            v_points jsonb;
        BEGIN
            INSERT INTO signet_replays AS r (identity, expires_at) VALUES (p_identity, p_identity_expiry)
            ON CONFLICT (identity) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE r.expires_at < p_now;
            IF NOT FOUND THEN
                RETURN QUERY SELECT 'replayed-request'::text, NULL::bigint, NULL::bytea;
                RETURN;
            END IF;

            IF p_key IS NOT NULL THEN
                INSERT INTO signet_idempotency AS i (api_key, key, fingerprint, expires_at)
                VALUES (p_api_key, p_key, p_fingerprint, p_key_expiry)
                ON CONFLICT (api_key, key) DO UPDATE
                SET fingerprint = EXCLUDED.fingerprint, done = false, status = NULL, content_type = NULL, body = NULL,
                    expires_at = EXCLUDED.expires_at
                WHERE i.expires_at < p_now;
                IF NOT FOUND THEN
                    SELECT i.fingerprint, i.done, i.status, i.body INTO v_fingerprint, v_done, v_status, v_body
                    FROM signet_idempotency i WHERE i.api_key = p_api_key AND i.key = p_key;
                    IF NOT FOUND THEN
                        RETURN QUERY SELECT 'in-progress'::text, NULL::bigint, NULL::bytea;
                    ELSIF v_fingerprint <> p_fingerprint THEN
                        RETURN QUERY SELECT 'conflict'::text, NULL::bigint, NULL::bytea;
                    ELSIF NOT v_done OR v_status IS NULL THEN
                        RETURN QUERY SELECT 'in-progress'::text, NULL::bigint, NULL::bytea;
                    ELSE
                        RETURN QUERY SELECT 'stored'::text, v_status, v_body;
                    END IF;
                    RETURN;
                END IF;
            END IF;

            PERFORM 1 FROM signet_gs_players WHERE tenant = p_tenant AND ext_id = p_player;
            IF NOT FOUND THEN
                v_status := 404;
                v_body := convert_to(jsonb_build_object('error_message', p_unknown_player)::text, 'UTF8');
            ELSIF p_refusal_status IS NOT NULL THEN
                v_status := p_refusal_status;
                v_body := convert_to(jsonb_build_object('error_message', p_refusal_message)::text, 'UTF8');
            ELSE
                IF v_count > 1 THEN
                    PERFORM 1 FROM signet_gs_points
                    WHERE tenant = p_tenant AND ext_id = p_player AND name = ANY (p_names) FOR UPDATE;
                    SELECT a.n INTO v_overflow
                    FROM unnest(p_names, p_amounts) WITH ORDINALITY AS a (name, amount, n)
                    JOIN signet_gs_points p ON p.tenant = p_tenant AND p.ext_id = p_player AND p.name = a.name
                    WHERE NOT ((a.amount >= 0 AND p.amount <= 9223372036854775807 - a.amount)
                            OR (a.amount < 0 AND p.amount >= -9223372036854775808 - a.amount))
                    ORDER BY a.n LIMIT 1;
                    IF v_overflow IS NOT NULL THEN
                        v_status := 422;
                        v_body := convert_to(jsonb_build_object('error_message', p_overflows[v_overflow])::text, 'UTF8');
                    END IF;
                END IF;
                FOR n IN 1 .. v_count LOOP
                    EXIT WHEN v_status IS NOT NULL;
                    INSERT INTO signet_gs_points AS p (tenant, ext_id, name, amount, position)
                    VALUES (p_tenant, p_player, p_names[n], p_amounts[n], 1000)
                    ON CONFLICT (tenant, ext_id, name) DO UPDATE SET amount = p.amount + EXCLUDED.amount
                    WHERE (EXCLUDED.amount >= 0 AND p.amount <= 9223372036854775807 - EXCLUDED.amount)
                       OR (EXCLUDED.amount < 0 AND p.amount >= -9223372036854775808 - EXCLUDED.amount);
                    IF NOT FOUND THEN
                        IF n > 1 THEN
                            -- Checked under lock above; only a balance created meanwhile can get here. Roll
                            -- everything back (the client gets 500 and nothing was applied) rather than half a rule.
                            RAISE EXCEPTION 'a balance of % changed while the rule was applied', p_player;
                        END IF;
                        v_status := 422;
                        v_body := convert_to(jsonb_build_object('error_message', p_overflows[n])::text, 'UTF8');
                    END IF;
                END LOOP;
                IF v_status IS NULL THEN
                    IF p_achievement IS NOT NULL THEN
                        INSERT INTO signet_gs_achievements (tenant, ext_id, achievement_id, awarded_at)
                        VALUES (p_tenant, p_player, p_achievement, p_awarded_at) ON CONFLICT DO NOTHING;
                        IF FOUND THEN
                            v_awards := jsonb_build_array(
                                jsonb_build_object('achievement_id', p_achievement, 'created_at', p_awarded_at));
                        END IF;
                    END IF;
                    SELECT jsonb_object_agg(p.name, coalesce(a.amount, 0)) INTO v_points
                    FROM signet_gs_points p LEFT JOIN unnest(p_names, p_amounts) AS a (name, amount) ON a.name = p.name
                    WHERE p.tenant = p_tenant AND p.ext_id = p_player;
                    v_status := 200;
                    v_body := convert_to(jsonb_build_object('message', p_message, 'rule_results', jsonb_build_object(
                        'points_awarded', coalesce(v_points, '{}'), 'achievements_awarded', v_awards))::text, 'UTF8');
                END IF;
            END IF;

            IF p_key IS NOT NULL THEN
                UPDATE signet_idempotency SET done = true, status = v_status, content_type = p_content_type, body = v_body
                WHERE api_key = p_api_key AND key = p_key;
            END IF;
            RETURN QUERY SELECT 'applied'::text, v_status, v_body;
        END
        $$
        """
}

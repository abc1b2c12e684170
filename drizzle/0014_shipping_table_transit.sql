-- Issue 32 (decision 085): the regional table's windows become the transit after production;
-- production is a setting of its own ('productionDays', default 4). Stored tables counted the 4
-- production days of the shop's copy ('Produção em 4 dias úteis'): they are taken out here, so
-- every promise stays what it was (at least 1 business day of transit). A row that is not what
-- the settings expect is left as it is (the settings ignore it and use the default).
UPDATE "store_settings"
SET "value" = coalesce((
	SELECT jsonb_object_agg(
		region,
		CASE
			WHEN jsonb_typeof(r) = 'object' AND jsonb_typeof(r->'minDays') = 'number' AND jsonb_typeof(r->'maxDays') = 'number'
			THEN r || jsonb_build_object(
				'minDays', greatest(1, (r->>'minDays')::numeric - 4),
				'maxDays', greatest(1, (r->>'maxDays')::numeric - 4)
			)
			ELSE r
		END
	)
	FROM jsonb_each("value") AS t(region, r)
), "value"),
	"updated_at" = now()
WHERE "key" = 'shippingTable' AND jsonb_typeof("value") = 'object';

package dev.vouch.monitoring;

/** SQL of the label sweep (V124 label_diffs): a version switch's differences, page by page. */
final class LabelSweepQueries {

  private LabelSweepQueries() {}

  /** One pending switch; one another process holds is skipped. */
  static final String TAKE = """
      SELECT id, list, old_version, new_version, after_address FROM label_diffs
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
      """;

  /**
   * One page of the differences between versions $1 (old, null: none) and $2 (new, null: none)
   * after address $3: the next $4 rows of each version in its index's order (no DISTINCT: with
   * one, the planner hashed a whole 10M-row version), cut at the lower of the two pages' last
   * address when a page is full (so no address is skipped), then every row of the addresses up to
   * the cut compared as (chain, category, name) (an address cut in the middle of its rows is
   * still compared whole, and the next page starts after it). Returns the cut (null: this was
   * the last page), the changed addresses, and those of them with a sanctioned row on either side
   * (a screening change). Reads at most 2 x $4 addresses' rows, whatever the lists' size: the
   * page's rows are fetched by index as an array ({@code = ANY}), never by a join the planner
   * could turn into a scan of a version's table.
   */
  static final String PAGE = """
      WITH oa AS (
        SELECT address FROM labels WHERE version = $1 AND address > $3 ORDER BY address LIMIT $4
      ), na AS (
        SELECT address FROM labels WHERE version = $2 AND address > $3 ORDER BY address LIMIT $4
      ), cut AS (
        SELECT least(CASE WHEN (SELECT count(*) FROM oa) = $4 THEN (SELECT max(address) FROM oa) END,
                     CASE WHEN (SELECT count(*) FROM na) = $4 THEN (SELECT max(address) FROM na) END) AS upto
      ), page AS (
        SELECT x.address FROM (SELECT address FROM oa UNION SELECT address FROM na) x, cut
         WHERE cut.upto IS NULL OR x.address <= cut.upto
      ), o AS (
        SELECT l.address, l.chain_id, l.category, l.name FROM labels l
         WHERE l.version = $1 AND l.address = ANY(ARRAY(SELECT address FROM page))
      ), n AS (
        SELECT l.address, l.chain_id, l.category, l.name FROM labels l
         WHERE l.version = $2 AND l.address = ANY(ARRAY(SELECT address FROM page))
      ), d AS (
        (SELECT * FROM o EXCEPT SELECT * FROM n) UNION ALL (SELECT * FROM n EXCEPT SELECT * FROM o)
      )
      SELECT (SELECT upto FROM cut) AS upto,
             array(SELECT DISTINCT address FROM d ORDER BY address) AS changed,
             array(SELECT DISTINCT d.address FROM d
                    WHERE d.address IN (SELECT address FROM o WHERE category = 'sanctioned'
                                        UNION SELECT address FROM n WHERE category = 'sanctioned')
                    ORDER BY d.address) AS screened
      """;

  static final String ADVANCE = "UPDATE label_diffs SET after_address = $2 WHERE id = $1";

  static final String DONE = "DELETE FROM label_diffs WHERE id = $1";

  static final String DELETE_LISTINGS = "DELETE FROM screening_listings WHERE address = ANY($1::text[])";

  /** The current screening entries of addresses $1 (a list's first label of an address). */
  static final String INSERT_LISTINGS = """
      INSERT INTO screening_listings (address, list, label)
      SELECT DISTINCT ON (c.address, c.list) c.address, c.list, c.name FROM current_labels c
       WHERE c.address = ANY($1::text[]) AND c.category = 'sanctioned'
       ORDER BY c.address, c.list, c.line
      """;
}

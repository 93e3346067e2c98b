/**
 * PostgreSQL's reserved key words (the "reserved" column of its SQL Key Words appendix). A dimension's id is the name
 * of its column in every query Baton compiles (`SELECT orders.user_id AS <id>`, then `GROUP BY <id>` outside), and
 * a bare reserved word there means something else (`user` is CURRENT_USER): the catalog refuses such an id.
 */
export const SQL_RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create ' +
    'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc ' +
    'distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral ' +
    'leading limit localtime localtimestamp not null offset on only or order placing primary references returning ' +
    'select session_user some symmetric system_user table then to trailing true union unique user using variadic when ' +
    'where window with'
  ).split(' '),
);

/**
 * The maxArgs of a function that takes any number of arguments: shared by the scalar and
 * JSON function tables and the catalog that checks a call against them.
 */
export const ANY = -1;

// What a form, or the API, says above the fields when some are to be fixed (docs/requirements.md
// §5.5): the API's INVALID_FIELDS refusal (server/http/refusals.ts) and the pages' alerts alike.

export const FIELDS_TO_FIX = 'Verifique os campos destacados e tente novamente.';

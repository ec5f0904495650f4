// The 404 page ships no React: this is its only script (SPEC §2: the missing path is logged).
const path = document.querySelector<HTMLElement>('[data-missing-path]')?.dataset.missingPath;
if (path) console.warn('404: página não encontrada:', path);

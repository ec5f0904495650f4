// The 404 page ships no React: this is its only script (docs/requirements.md §2.6: the missing path is logged).
// The page is the same for every path, so the path comes from the address bar.
console.warn('404: página não encontrada:', window.location.pathname);

// The status page's only script (inline in lib/status/render-status-page.ts, no external file): filters the
// court rows as you type, the same way the server filters them for the no-JavaScript form
// (lib/status/summarize-registry.ts).
export const FILTER_SCRIPT = `(() => {
  const form = document.getElementById("court-filters");
  const rows = Array.from(document.querySelectorAll("#courts tbody tr"));
  const count = document.getElementById("court-count");
  if (!form || !count) return;
  const total = count.dataset.total;
  const normalize = (text) => text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase();
  const apply = () => {
    const data = new FormData(form);
    const terms = normalize(String(data.get("q") || "")).split(/\\s+/).filter(Boolean);
    const country = data.get("country"), coverage = data.get("coverage"), language = data.get("language");
    const region = data.get("region"), level = data.get("level");
    let shown = 0;
    for (const row of rows) {
      const visible = (!country || row.dataset.country === country) && (!coverage || row.dataset.coverage === coverage) &&
        (!language || row.dataset.language === language) && (!region || row.dataset.region === region) &&
        (!level || row.dataset.level === level) && terms.every((term) => row.dataset.search.includes(term));
      row.hidden = !visible;
      if (visible) shown += 1;
    }
    count.textContent = "Showing " + shown + " of " + total + " courts";
    const params = new URLSearchParams();
    for (const [key, value] of data) if (value) params.set(key, String(value));
    const query = params.toString();
    history.replaceState(null, "", query ? "?" + query : location.pathname);
  };
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
})();`;

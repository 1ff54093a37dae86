// The dashboard's only script: everything works without it; it adds confirmations, copy buttons and the
// refresh of pages that show work in progress. Served from our own origin (the pages' CSP allows no inline script).
'use strict';

document.addEventListener('submit', (event) => {
  const form = event.target;
  const question = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (question && !window.confirm(question)) event.preventDefault();
});

for (const code of document.querySelectorAll('code.copy')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy to clipboard');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent || '');
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy by hand';
    }
  });
  code.after(button);
}

// The answer to a form that showed a secret once: a reload reads the page again instead of sending the form again.
const replaceUrl = document.body.dataset.replaceUrl;
if (replaceUrl && replaceUrl.startsWith('/dashboard')) window.history.replaceState(null, '', replaceUrl);

// Pages of unfinished work reload themselves, unless the reader is typing in a form.
const refresh = Number(document.body.dataset.refresh || 0);
if (refresh > 0) {
  const live = document.getElementById('progress');
  if (live) live.setAttribute('aria-live', 'polite');
  setTimeout(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement)) {
      window.location.reload();
    }
  }, refresh * 1000);
}

// The JSON interface of `tiling serve` (documented in tiling/serve/__init__.py).
// Every question carries a ticket, so that it can be cancelled: the server then
// kills the worker process answering it.

export class ApiError extends Error {
  constructor(kind, message, status) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

async function decode(response) {
  let body;
  try {
    body = await response.json();
  } catch {
    throw new ApiError("http", `the server answered ${response.status} without JSON`, response.status);
  }
  if (body && body.error) throw new ApiError(body.error.kind, body.error.message, response.status);
  if (!response.ok) throw new ApiError("http", `the server answered ${response.status}`, response.status);
  return body;
}

async function request(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError("offline", "the server is not answering: is `tiling serve` still running?", 0);
  }
  return decode(response);
}

export function getInfo() {
  return request("/api");
}

export function getPreset(name, n) {
  const query = n === undefined || n === null ? "" : `?n=${encodeURIComponent(n)}`;
  return request(`/api/preset/${encodeURIComponent(name)}${query}`);
}

let counter = 0;

// One question in flight: `await job.result`, or `job.cancel()`.
export class Job {
  constructor(question, body, { timeLimit } = {}) {
    this.question = question;
    this.ticket = `${question}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    this.controller = new AbortController();
    this.cancelled = false;
    this.started = performance.now();
    const payload = { ...body, ticket: this.ticket };
    if (timeLimit) payload.time_limit = timeLimit;
    this.result = request(`/api/${question}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      signal: this.controller.signal,
    });
  }

  cancel() {
    if (this.cancelled) return;
    this.cancelled = true;
    this.controller.abort();
    // Tell the server too: aborting the request alone would leave the worker busy.
    fetch("/api/cancel", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ticket: this.ticket }),
    }).catch(() => {});
  }
}

// A lane holds at most one job: starting another cancels the one before.
// `onchange` is called whenever the lane starts or stops working.
export class Lane {
  constructor(onchange = () => {}) {
    this.job = null;
    this.onchange = onchange;
  }

  start(question, body, options) {
    if (this.job) this.job.cancel();
    this.job = new Job(question, body, options);
    this.onchange();
    return this.job;
  }

  cancel() {
    if (this.job) this.job.cancel();
    this.job = null;
    this.onchange();
  }

  isCurrent(job) {
    return this.job === job;
  }

  done(job) {
    if (this.job === job) this.job = null;
    this.onchange();
  }
}

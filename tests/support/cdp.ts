/**
 * A small client of the Chrome DevTools Protocol over a WebSocket: enough to drive one page
 * of a headless Chromium (navigate, evaluate, pick a file, screenshot). The tests use it
 * rather than playwright-core because playwright probes /proc paths at load, which Deno only
 * allows under --allow-all; this needs just --allow-run and --allow-net.
 */

// deno-lint-ignore no-explicit-any
type Json = any;

interface Pending {
  resolve(v: Json): void;
  reject(e: Error): void;
}

/** One WebSocket to the browser; page commands carry their flattened session id. */
export class CdpConnection {
  #ws: WebSocket;
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #listeners: ((method: string, params: Json, sessionId?: string) => void)[] = [];

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.onmessage = (m) => this.#receive(JSON.parse(String(m.data)));
    ws.onclose = () => {
      for (const p of this.#pending.values()) p.reject(new Error("DevTools connection closed"));
      this.#pending.clear();
    };
  }

  /** Connects to the browser's DevTools WebSocket address. */
  static connect(url: string): Promise<CdpConnection> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.onopen = () => resolve(new CdpConnection(ws));
      ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
    });
  }

  /** Sends `method` and resolves with its result (rejects with the protocol's error). */
  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    const id = this.#nextId++;
    this.#ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  /** Calls `listener` with every event. */
  onEvent(listener: (method: string, params: Json, sessionId?: string) => void): void {
    this.#listeners.push(listener);
  }

  /** Resolves with the params of the next `method` event of `sessionId`. */
  nextEvent(method: string, sessionId?: string): Promise<Json> {
    return new Promise((resolve) => {
      const listener = (m: string, params: Json, s?: string) => {
        if (m !== method || s !== sessionId) return;
        this.#listeners.splice(this.#listeners.indexOf(listener), 1);
        resolve(params);
      };
      this.#listeners.push(listener);
    });
  }

  /** Closes the WebSocket. */
  close(): void {
    this.#ws.close();
  }

  #receive(message: Json): void {
    if (message.id !== undefined) {
      const p = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.error) p?.reject(new Error(`${message.error.message} (${message.error.code})`));
      else p?.resolve(message.result);
      return;
    }
    for (const l of [...this.#listeners]) l(message.method, message.params, message.sessionId);
  }
}

/** One page (tab) of the browser. */
export class CdpPage {
  readonly #cdp: CdpConnection;
  readonly #session: string;

  constructor(cdp: CdpConnection, sessionId: string) {
    this.#cdp = cdp;
    this.#session = sessionId;
  }

  #send(method: string, params: Json = {}): Promise<Json> {
    return this.#cdp.send(method, params, this.#session);
  }

  /** Loads `url` and waits for its load event. */
  async goto(url: string): Promise<void> {
    const loaded = this.#cdp.nextEvent("Page.loadEventFired", this.#session);
    const { errorText } = await this.#send("Page.navigate", { url });
    if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
    await loaded;
  }

  /** The value of the JavaScript expression `expression` in the page (awaited if a promise). */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.#send("Runtime.evaluate", {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) {
      throw new Error(`in the page: ${exceptionDetails.exception?.description ?? "error"}`);
    }
    return result.value as T;
  }

  /** Waits until `expression` is truthy in the page (polling; fails after `timeoutMs`). */
  async waitFor(expression: string, timeoutMs = 15_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Sets the files of the `<input type=file>` matching `selector`, as a user's pick does. */
  async setInputFiles(selector: string, path: string): Promise<void> {
    const { root } = await this.#send("DOM.getDocument", {});
    const { nodeId } = await this.#send("DOM.querySelector", { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    await this.#send("DOM.setFileInputFiles", { nodeId, files: [path] });
  }

  /** Writes a PNG of the viewport to `path`. */
  async screenshot(path: string): Promise<void> {
    const { data } = await this.#send("Page.captureScreenshot", { format: "png" });
    await Deno.writeFile(path, Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
  }
}

// The notebook widget's front end, appended to the web app's board.js (the same module
// text, so mountBoard and everything it draws with are the page's own): a transport that
// talks to the kernel through the widget's model instead of a WebSocket, and anywidget's
// render hook.

export function modelTransport(model) {
  const transport = {
    onmessage: null,
    onstate: null,
    ready: false,
    send(message) {
      model.send(message);
      return true;
    },
    start() {
      model.on("msg:custom", receive);
      transport.ready = true;
      if (transport.onstate) transport.onstate("open");
    },
    close() {
      transport.ready = false;
      model.off("msg:custom", receive);
    },
  };
  function receive(message) {
    if (transport.onmessage && message && typeof message === "object") transport.onmessage(message);
  }
  return transport;
}

function render({ model, el }) {
  const host = document.createElement("div");
  el.appendChild(host);
  const handle = mountBoard(host, { ...model.get("options") }, modelTransport(model));
  return () => handle.destroy();
}

export default { render };

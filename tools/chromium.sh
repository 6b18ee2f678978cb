# chromium.sh - sourced: finds a headless Chromium and the flags that keep it
# quiet on a machine with no network (no background connections, no sandbox
# as root, no GPU). Sets $chromium (empty when there is none).
chromium=""
for c in chromium chromium-browser google-chrome; do
    if command -v "$c" >/dev/null 2>&1; then chromium=$(command -v "$c"); break; fi
done
chromium_flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
--disable-background-networking --disable-component-update --disable-sync \
--disable-default-apps --disable-extensions"

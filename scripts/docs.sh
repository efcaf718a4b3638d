#!/usr/bin/env bash
# Builds Kinetic's documentation site with the toolchain's DocC (no package plugin): SwiftPM extracts each
# module's symbol graph, DocC turns each public module's graph and catalog (Sources/<Module>/<Module>.docc) into an
# archive, and `docc merge` joins the archives into one static site with a landing page named Kinetic.
#
#   scripts/docs.sh                      # writes .build/docs-site (open it through a web server, see below)
#   DOCS_SITE=/tmp/site scripts/docs.sh  # somewhere else
#   DOCS_HOSTING_BASE_PATH=kinetic scripts/docs.sh   # for a site served from /kinetic/ instead of /
#
# Serve it with `python3 -m http.server --directory .build/docs-site 8000` and open
# http://127.0.0.1:8000/documentation/ (the pages are rendered by JavaScript, so file:// URLs do not work).
#
# A DocC warning about our own content (an unresolved symbol link, a parameter without documentation) fails the
# build.
#
# The symbol graphs come from `swift package dump-symbol-graph`, which extracts them from the ordinary debug build
# in .build (building it first if needed) instead of compiling again: `swift build -Xswiftc -emit-symbol-graph`
# changes the compiler's flags, so it would either rebuild .build from scratch (and the next `swift build` again)
# or need a second build folder of its own, two minutes of compiling on a cold machine for the same graphs.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SITE=${DOCS_SITE:-.build/docs-site}
BASE_PATH=${DOCS_HOSTING_BASE_PATH:-}
WORK=.build/docs

# The public modules, each after every module its documentation links to (links to another module are resolved
# against that module's archive, so it must exist first). Kinetic, the umbrella, comes last.
MODULES=(KineticCore KineticAnimation KineticDynamics KineticLayers KineticFiles KineticRaster KineticEffects KineticTerminal KineticOutput Kinetic)

DOCC=${DOCC:-}
if [ -z "$DOCC" ]; then
    if command -v docc >/dev/null; then
        DOCC=docc
    elif command -v xcrun >/dev/null; then
        DOCC="xcrun docc"
    else
        DOCC="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/docc"
    fi
fi

echo "docs: symbol graphs"
mkdir -p "$WORK"
# It exits non-zero when the test modules have not been built yet (a fresh clone after `swift build`): they are not
# documented, so only the graphs of the modules below are checked.
$SWIFT package dump-symbol-graph --emit-extension-block-symbols >"$WORK/symbol-graphs.log" 2>&1 || true
GRAPHS=$(sed -n 's/^Files written to //p' "$WORK/symbol-graphs.log" | tail -1)
[ -n "$GRAPHS" ] && [ -d "$GRAPHS" ] || {
    cat "$WORK/symbol-graphs.log" >&2
    echo "docs: could not tell where dump-symbol-graph wrote the graphs (no 'Files written to' line above)" >&2
    exit 1
}
for module in "${MODULES[@]}"; do
    [ -f "$GRAPHS/$module.symbols.json" ] || {
        cat "$WORK/symbol-graphs.log" >&2
        echo "docs: no symbol graph for $module in $GRAPHS (swift package dump-symbol-graph's output above)" >&2
        exit 1
    }
done

rm -rf "$WORK/graphs" "$WORK/archives"
mkdir -p "$WORK/graphs" "$WORK/archives"
dependencies=()
warnings=0
for module in "${MODULES[@]}"; do
    catalog=Sources/$module/$module.docc
    [ -d "$catalog" ] || {
        echo "docs: $catalog is missing: every public module has a catalog" >&2
        exit 1
    }
    graphs=$WORK/graphs/$module
    mkdir -p "$graphs"
    if [ "$module" = Kinetic ]; then
        # The umbrella's graph repeats every symbol it re-exports; its pages are the other modules'. Keep only
        # the module itself, for its landing page and articles.
        cat >"$graphs/Kinetic.symbols.json" <<EOF
{"metadata":{"formatVersion":{"major":0,"minor":6,"patch":0},"generator":"scripts/docs.sh"},
 "module":{"name":"Kinetic","platform":{"architecture":"$(uname -m)","vendor":"unknown","operatingSystem":{"name":"$(uname -s | tr '[:upper:]' '[:lower:]')"}}},
 "symbols":[],"relationships":[]}
EOF
    else
        # The module's own graph and its extensions of other modules' types (KineticRaster@KineticLayers...).
        cp "$GRAPHS/$module.symbols.json" "$graphs/"
        for extension in "$GRAPHS/$module"@*.symbols.json; do
            [ -f "$extension" ] && cp "$extension" "$graphs/"
        done
    fi
    archive=$WORK/archives/$module.doccarchive
    base=()
    [ -n "$BASE_PATH" ] && base=(--hosting-base-path "$BASE_PATH")
    log=$WORK/$module.docc.log
    status=0
    $DOCC convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-path "$archive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --transform-for-static-hosting "${base[@]}" --enable-experimental-external-link-support \
        "${dependencies[@]}" >"$log" 2>&1 || status=$?
    count=$(grep -c '^warning:\|^error:' "$log" || true)
    if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
        cat "$log" >&2
        echo "docs: $module: $count DocC warnings or errors (above)" >&2
        warnings=$((warnings + count + (status != 0)))
    fi
    dependencies+=(--dependency "$archive")
done
[ "$warnings" -eq 0 ] || {
    echo "docs: fix the $warnings problems above" >&2
    exit 1
}

echo "docs: merging ${#MODULES[@]} archives into $SITE"
rm -rf "$SITE"
archives=()
for module in "${MODULES[@]}"; do archives+=("$WORK/archives/$module.doccarchive"); done
$DOCC merge "${archives[@]}" --synthesized-landing-page-name Kinetic --synthesized-landing-page-kind Package \
    --output-path "$SITE" >"$WORK/merge.log" 2>&1 || {
    cat "$WORK/merge.log" >&2
    exit 1
}
if [ -n "$BASE_PATH" ]; then
    echo "docs: wrote $SITE for a server that puts it at /${BASE_PATH#/}/ (open /${BASE_PATH#/}/documentation/ there)"
else
    echo "docs: wrote $SITE (serve it: python3 -m http.server --directory $SITE 8000, then open /documentation/)"
fi

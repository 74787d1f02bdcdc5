# Sourced by the project's scripts: picks a JDK 21+ for the build (the newest under
# /usr/lib/jvm when present), unless JAVA_HOME already points at one.
java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}'; }
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/java" ] || [ "$(java_major "$JAVA_HOME")" -lt 21 ] 2>/dev/null; then
  best=""; best_major=0
  for candidate in /usr/lib/jvm/*/; do
    candidate=${candidate%/}
    [ -x "$candidate/bin/javac" ] || continue
    major=$(java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -gt "$best_major" ] 2>/dev/null; then best=$candidate; best_major=$major; fi
  done
  if [ "$best_major" -ge 21 ]; then
    export JAVA_HOME=$best
  elif command -v javac >/dev/null && [ "$(java_major "$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")" -ge 21 ] 2>/dev/null; then
    export JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  else
    echo "dispatch needs a JDK 21 or newer; set JAVA_HOME to one" >&2
    exit 1
  fi
fi
export PATH="$JAVA_HOME/bin:$PATH"

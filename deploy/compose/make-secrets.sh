#!/bin/sh
# Writes deploy/compose/secrets/*.env with fresh random values, keeping any file that exists.
# These files are git-ignored; compose.yaml reads them with env_file.
set -eu
dir=$(dirname "$0")/secrets
random() { head -c "$1" /dev/urandom | base64 | tr -d '\n'; }
token() { random 32 | tr '+/' '-_' | tr -d '='; }
write() {
  file=$dir/$1
  if [ -e "$file" ]; then
    echo "kept    $file"
    return
  fi
  umask 077
  cat > "$file"
  echo "written $file"
}
password=$(token)
write database.env <<END
POSTGRES_PASSWORD=$password
SPRING_DATASOURCE_PASSWORD=$password
SPRING_R2DBC_PASSWORD=$password
END
write admin.env <<END
DISPATCH_ADMINTOKEN=$(token)
END
write webhook.env <<END
DISPATCH_WEBHOOK_SECRETENCRYPTIONKEY=$(random 32)
END
write integrations.env <<END
DISPATCH_INTEGRATIONS_SECRETENCRYPTIONKEY=$(random 32)
END
write query.env <<END
DISPATCH_QUERY_CURSORSECRET=$(token)
END

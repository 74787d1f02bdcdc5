#!/bin/bash
# probe.sh PORT PATH: exits 0 when http://127.0.0.1:PORT PATH answers 200, else 1.
# The healthcheck of the services in compose.yaml: their images have bash, not always curl.
exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$2" >&3
read -r -t 5 status <&3 || exit 1
case $status in
  "HTTP/1."?" 200 "*) exit 0 ;;
  *) exit 1 ;;
esac

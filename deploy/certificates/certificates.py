"""The site's certificate, kept without anyone's help (docs/decisions/025-certbot-beside-haproxy.md).

Runs in the certbot image as the kit's `certificates` service. It writes the certificate where HAProxy
reads it at start (TLS_CERTIFICATE, a volume both share) and hands every new one to the running
HAProxy through its runtime API, so a renewal reaches new handshakes at once and drops no connection.
The certificate is either obtained and renewed over ACME (HTTP-01, certbot --standalone behind the
proxy's /.well-known/acme-challenge/) or the operator's own PEM, mounted at /own/certificate.pem (compose)
or named by OWN_CERTIFICATE_FILE (a Docker secret on Swarm).

  python3 /opt/site/certificates.py                 keep it: a pass at start, then every 12 hours
  python3 /opt/site/certificates.py renew           one pass now (certbot renews 30 days before expiry)
  python3 /opt/site/certificates.py renew --force   a new certificate now, due or not
"""

import datetime
import os
import socket
import subprocess
import sys
import time

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

DOMAIN = os.environ.get("DOMAIN", "")
EMAIL = os.environ.get("ACME_EMAIL", "")
# Let's Encrypt unless told otherwise: its staging directory first (docs/operations.md), or a test CA.
DIRECTORY = os.environ.get("ACME_DIRECTORY") or "https://acme-v02.api.letsencrypt.org/directory"
TARGET = os.environ.get("TLS_CERTIFICATE", "/certs/site.pem")
OWN = os.environ.get("OWN_CERTIFICATE_FILE") or "/own/certificate.pem"
SOCKET = "/var/lib/haproxy/admin.sock"
LIVE = "/etc/letsencrypt/live/site"
# Twice a day, as certbot's own timer does: a failed renewal has 60 tries left before expiry.
EVERY = 12 * 3600


def say(line):
    print(f"certificates: {line}", flush=True)


def haproxy(command):
    """One runtime API command (the socket answers one per connection); its reply, or None if HAProxy is not up."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(10)
            conn.connect(SOCKET)
            conn.sendall(command.encode())
            reply = b""
            while chunk := conn.recv(65536):
                reply += chunk
            return reply.decode()
    except OSError:
        return None


def serial(pem):
    return format(x509.load_pem_x509_certificate(pem.encode()).serial_number, "X")


def served_serial():
    """The serial of the certificate HAProxy serves now, as its runtime API shows it."""
    reply = haproxy(f"show ssl cert {TARGET}\n") or ""
    for line in reply.splitlines():
        if line.startswith("Serial: "):
            return line.removeprefix("Serial: ").strip().lstrip("0")
    return None


def write(pem):
    """Replaces the file whole (a HAProxy starting meanwhile reads the old or the new, never half)."""
    temporary = f"{TARGET}.new"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(pem)
    # Readable by HAProxy's user alone (the owner of its socket), once HAProxy runs.
    if os.path.exists(SOCKET):
        owner = os.stat(SOCKET)
        os.chown(temporary, owner.st_uid, owner.st_gid)
    else:
        os.chmod(temporary, 0o644)
    os.replace(temporary, TARGET)


def hand_over(pem):
    """Writes the certificate for HAProxy's next start, and gives it to the HAProxy running now."""
    write(pem)
    if served_serial() == serial(pem).lstrip("0"):
        return
    for attempt in range(30):
        stored = haproxy(f"set ssl cert {TARGET} <<\n{pem.strip()}\n\n")
        if stored is not None:
            committed = haproxy(f"commit ssl cert {TARGET}\n") or ""
            if "Success!" in committed:
                say(f"HAProxy serves the certificate of serial {serial(pem)} from now on")
                return
            say(f"HAProxy refused the certificate: {(stored + committed).strip()}")
            return
        time.sleep(2)
    say("HAProxy's runtime API did not answer: it reads the new certificate when it starts")


def placeholder():
    """A self-signed certificate, so that HAProxy starts and serves the ACME challenge before the first issuance."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, DOMAIN or "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(DOMAIN or "localhost")]), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    write(cert.public_bytes(serialization.Encoding.PEM).decode() + key_pem.decode())
    say("a temporary self-signed certificate until the first one is issued")


def own():
    with open(OWN) as source:
        pem = source.read()
    if "CERTIFICATE-----" not in pem or "PRIVATE KEY-----" not in pem:
        say(f"{OWN} must hold the certificate, its chain, then its private key, in PEM: fix the file it mounts")
        return False
    hand_over(pem)
    return True


def from_acme(force):
    """Obtains the certificate at the first pass, then renews it when due (or now, when forced)."""
    if not DOMAIN or not EMAIL:
        say("set DOMAIN and ACME_EMAIL in .env, or mount your own certificate (OWN_CERTIFICATE)")
        return False
    certbot = ["certbot", "certonly", "--non-interactive", "--agree-tos", "--email", EMAIL, "--server", DIRECTORY]
    certbot += ["--standalone", "--http-01-port", "8402", "--cert-name", "site", "-d", DOMAIN]
    certbot.append("--force-renewal" if force else "--keep-until-expiring")
    started = time.monotonic()
    if subprocess.run(certbot).returncode != 0:
        say(f"no certificate from {DIRECTORY}: does {DOMAIN} point at this server, with port 80 open?")
        return False
    with open(f"{LIVE}/fullchain.pem") as chain, open(f"{LIVE}/privkey.pem") as key:
        pem = chain.read() + key.read()
    cert = x509.load_pem_x509_certificate(pem.encode())
    # not_valid_after_utc from cryptography 42 (the official image); Debian's 38 has only the naive one.
    expires = getattr(cert, "not_valid_after_utc", None) or cert.not_valid_after
    say(f"certificate for {DOMAIN}, serial {serial(pem)}, valid until {expires:%Y-%m-%d %H:%M} UTC "
        f"(certbot took {time.monotonic() - started:.1f} s)")
    hand_over(pem)
    return True


def brought():
    """Whether the operator mounted a certificate of their own (compose mounts an empty file otherwise)."""
    return os.path.exists(OWN) and os.path.getsize(OWN) > 0


def one_pass(force=False):
    if brought():
        return own()
    return from_acme(force)


def keep():
    if not os.path.exists(TARGET):
        placeholder()
    # The CA reaches the challenge through the proxy: wait until it runs (its socket appears).
    for _ in range(300):
        if os.path.exists(SOCKET) or brought():
            break
        time.sleep(1)
    pause = 60
    while True:
        if one_pass():
            time.sleep(EVERY)
            pause = 60
        else:
            # Tried again soon, then less often: the CA's limit is 5 failed validations an hour.
            time.sleep(pause)
            pause = min(pause * 2, EVERY)


if __name__ == "__main__":
    if sys.argv[1:2] == ["renew"]:
        sys.exit(0 if one_pass(force="--force" in sys.argv) else 1)
    keep()

"""A dask client of an existing scheduler, or one line saying why there is none.

The client takes its TLS certificates from dask's own configuration (`distributed.comm.tls.*`
in ~/.config/dask/distributed.yaml or DASK_* variables), as every dask client does: a
`tls://` address needs the CA file and the client's certificate there (docs/dask.md)."""

from __future__ import annotations

import os
import re
import ssl

TLS = "distributed.comm.tls."
# what the client's TLS context is made of; the key may be appended to the certificate file
CLIENT_FILES = (("ca-file", "tls_ca_file"), ("client.cert", "tls_client_cert"), ("client.key", "tls_client_key"))


def connect(address: str, timeout: float):
    """A dask Client of the scheduler at `address`; a RuntimeError with one line if there is none to use."""
    from dask.distributed import Client

    if address.startswith("tls://"):
        check_tls(address)
    try:
        return Client(address, timeout=timeout)
    except Exception as err:  # whatever answers there (or nothing), it is not a scheduler we can use
        raise RuntimeError(why_not(address, timeout, err)) from None


def check_tls(address: str) -> None:
    """The client's certificates for a tls:// address, as dask's configuration names them: there and
    loadable, or a RuntimeError saying which is not. (A `distributed.client.security-loader`, dask's
    other way to give a client its certificates, is left to dask.)"""
    import dask
    from distributed.security import Security

    if dask.config.get("distributed.client.security-loader", None):
        return
    security = Security()
    missing = [TLS + name for name, field in CLIENT_FILES[:2] if not getattr(security, field)]
    if missing:
        raise RuntimeError(f"{address} is a TLS address, but dask's configuration gives the client no "
                           f"{' and no '.join(missing)} (see docs/dask.md)")
    for name, field in CLIENT_FILES:
        value = getattr(security, field)
        if value and "\n" not in value and not os.path.isfile(value):  # a value with a newline is the PEM itself
            raise RuntimeError(f"dask's {TLS + name} is {value}: no such file")
    cert = security.tls_client_cert
    if not security.tls_client_key and "\n" not in cert and "PRIVATE KEY-----" not in _text(cert):
        raise RuntimeError(f"dask's configuration gives the client no {TLS}client.key, and its certificate "
                           f"{cert} holds no key")
    try:
        security.get_connection_args("client")
    except (OSError, ValueError) as err:
        files = dict.fromkeys(v for _, field in CLIENT_FILES if (v := getattr(security, field)) and "\n" not in v)
        where = f" from {', '.join(files)}" if files else ""
        raise RuntimeError(f"the dask client's TLS certificates cannot be loaded{where} ({_ssl_text(err)})") from None


def why_not(address: str, timeout: float, err: BaseException) -> str:
    """The line for a failed connection: a TLS handshake that failed, an address dask's configuration
    refuses, or nothing that answers as a dask scheduler."""
    seen = err
    while seen is not None:
        seen = getattr(seen, "real_error", None) or seen  # tornado's StreamClosedError holds the ssl error
        if isinstance(seen, ssl.SSLEOFError):  # TLS 1.3: the scheduler refused the client's certificate
            return (f"the TLS handshake with the dask scheduler at {address} failed (it closed the connection: "
                    "does it trust the client's certificate?)")
        if isinstance(seen, ssl.SSLError):
            return f"the TLS handshake with the dask scheduler at {address} failed ({_ssl_text(seen)})"
        seen = seen.__cause__ or seen.__context__
    if isinstance(err, RuntimeError) and str(err).startswith("encryption required by Dask configuration"):
        return (f"dask's configuration requires encryption (distributed.comm.require-encryption), so the client "
                f"does not connect to {address}: give its tls:// address")
    return f"no dask scheduler answers at {address} (within {timeout} s)"


def _text(path: str) -> str:
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read(1_000_000)
    except OSError:
        return ""


def _ssl_text(err: BaseException) -> str:
    """An ssl error without OpenSSL's decoration: '[SSL: X] what (_ssl.c:1006)' → 'what'."""
    text = re.sub(r"^\[[A-Z0-9]+(: \w+)?\] ", "", str(err))
    return re.sub(r" \(_ssl\.c:\d+\)$", "", text) or type(err).__name__

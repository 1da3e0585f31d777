"""The cluster path over TLS: a dask cluster whose every connection is TLS with certificates plays
the same games as one process, and a tls:// address the client cannot use is one line, exit 1.

The cluster is a LocalCluster(security=True): distributed makes a temporary self-signed certificate
(Security.temporary, which needs `cryptography`) that the scheduler, the worker and the client all
use. The client gets it as a user's would: through dask's configuration (distributed.comm.tls.*),
here with the PEM text itself where a user's configuration names files (docs/dask.md)."""

from __future__ import annotations

import contextlib
import signal

import pytest
from typer.testing import CliRunner

pytest.importorskip("distributed", reason="the dask executor needs dask[distributed]: pip install -e '.[test]'")
pytest.importorskip("cryptography", reason="LocalCluster(security=True) makes its temporary certificates with "
                                           "cryptography: pip install -e '.[test]'")

import dask  # noqa: E402
from dask.distributed import LocalCluster  # noqa: E402
from distributed.security import Security  # noqa: E402

from riskrules.cli import app  # noqa: E402

runner = CliRunner()
LIMIT = 120  # seconds for starting the cluster, and for one command on it: a hang fails, saying so
GAMES = ["simulate", "sv-2000", "--games", "25", "--seed", "21", "--json"]  # two chunks of games


@contextlib.contextmanager
def deadline(what: str, seconds: int = LIMIT):
    def expire(signum, frame):
        raise TimeoutError(f"{what}: not done within {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def client_config(security: Security, require_encryption: bool = True) -> dict:
    """dask's configuration for a client with `security`'s CA and client certificate."""
    return {"distributed.comm.require-encryption": require_encryption,
            "distributed.comm.tls.ca-file": security.tls_ca_file,
            "distributed.comm.tls.client.cert": security.tls_client_cert,
            "distributed.comm.tls.client.key": security.tls_client_key}


@pytest.fixture(scope="module")
def cluster():
    with deadline("starting a dask LocalCluster with TLS"):
        try:
            cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, security=True,
                                   dashboard_address="127.0.0.1:0")
        except Exception as err:
            pytest.fail(f"dask cannot start a LocalCluster(security=True) here: {type(err).__name__}: {err}")
    try:
        yield cluster
    finally:
        cluster.close()


def risk(*args):
    with deadline("risk " + " ".join(args)):
        return runner.invoke(app, list(args))


def test_simulate_over_tls_plays_the_games_of_one_process(cluster):
    address = cluster.scheduler_address
    workers = list(cluster.scheduler_info["workers"])
    assert address.startswith("tls://") and len(workers) == 1 and workers[0].startswith("tls://")
    one = risk(*GAMES, "--executor", "process", "--workers", "1")
    assert one.exit_code == 0, one.output
    with dask.config.set(client_config(cluster.security)):
        over_tls = risk(*GAMES, "--executor", "dask", "--address", address)
    assert over_tls.exit_code == 0, over_tls.output
    assert over_tls.stdout == one.stdout  # the same JSON, byte for byte
    # and the games were played there: the scheduler handed its worker two chunks
    assert cluster.scheduler.task_prefixes["play_chunk"].state_counts["forgotten"] == 2


def one_line(result) -> tuple[int, str]:
    return result.exit_code, result.stderr


def test_a_tls_address_without_certificates_is_one_line():
    address = "tls://127.0.0.1:1"  # nothing is asked there: the certificates are missing before
    none = {"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None,
            "distributed.comm.tls.client.key": None, "distributed.client.security-loader": None}
    with dask.config.set(none):
        result = risk(*GAMES, "--executor", "dask", "--address", address)
    assert one_line(result) == (1, "risk: tls://127.0.0.1:1 is a TLS address, but dask's configuration gives the "
                                   "client no distributed.comm.tls.ca-file and no distributed.comm.tls.client.cert "
                                   "(see docs/dask.md)\n")


def test_a_missing_or_broken_certificate_file_is_one_line(cluster, tmp_path):
    config = client_config(cluster.security)
    missing = str(tmp_path / "client.pem")
    with dask.config.set({**config, "distributed.comm.tls.client.cert": missing}):
        result = risk(*GAMES, "--executor", "dask", "--address", cluster.scheduler_address)
    assert one_line(result) == (1, f"risk: dask's distributed.comm.tls.client.cert is {missing}: no such file\n")
    (tmp_path / "client.pem").write_text(cluster.security.tls_client_cert)  # the certificate, without its key
    with dask.config.set({**config, "distributed.comm.tls.client.cert": missing,
                          "distributed.comm.tls.client.key": None}):
        result = risk(*GAMES, "--executor", "dask", "--address", cluster.scheduler_address)
    assert one_line(result) == (1, "risk: dask's configuration gives the client no distributed.comm.tls.client.key, "
                                   f"and its certificate {missing} holds no key\n")
    (tmp_path / "client.pem").write_text("not a certificate\n")
    with dask.config.set({**config, "distributed.comm.tls.client.cert": missing,
                          "distributed.comm.tls.client.key": missing}):
        result = risk(*GAMES, "--executor", "dask", "--address", cluster.scheduler_address)
    assert one_line(result) == (1, f"risk: the dask client's TLS certificates cannot be loaded from {missing} "
                                   "(PEM lib)\n")


def test_a_failed_tls_handshake_is_one_line(cluster):
    address = cluster.scheduler_address
    stranger = Security.temporary()  # a certificate of another CA
    # the client does not trust the scheduler's certificate
    with dask.config.set(client_config(stranger)):
        result = risk(*GAMES, "--executor", "dask", "--address", address)
    assert one_line(result) == (1, f"risk: the TLS handshake with the dask scheduler at {address} failed "
                                   "(certificate verify failed: self-signed certificate)\n")
    # the scheduler does not trust the client's certificate
    with dask.config.set({**client_config(cluster.security), "distributed.comm.tls.client.cert": stranger.tls_client_cert,
                          "distributed.comm.tls.client.key": stranger.tls_client_key}):
        result = risk(*GAMES, "--executor", "dask", "--address", address)
    # which the client hears first is a race (TLS 1.3 checks the client's certificate after the client is
    # done): the scheduler's alert, or the connection it closed
    refused = f"risk: the TLS handshake with the dask scheduler at {address} failed "
    assert one_line(result) in [(1, refused + "(tlsv1 alert unknown ca)\n"),
                                (1, refused + "(it closed the connection: does it trust the client's certificate?)\n")]


def test_required_encryption_refuses_a_tcp_address(cluster):
    address = cluster.scheduler_address.replace("tls://", "tcp://")
    with dask.config.set(client_config(cluster.security)):
        result = risk(*GAMES, "--executor", "dask", "--address", address)
    assert one_line(result) == (1, "risk: dask's configuration requires encryption "
                                   f"(distributed.comm.require-encryption), so the client does not connect to "
                                   f"{address}: give its tls:// address\n")

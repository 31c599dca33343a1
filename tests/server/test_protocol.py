"""The websocket protocol's models: strict parsing of client messages, the shape of server frames."""

from __future__ import annotations

import json

import pytest

from tapete.server import protocol as p
from tapete.server.protocol import ProtocolError, parse_client


def test_every_client_message_parses() -> None:
    assert parse_client('{"type":"hello","token":"abc","since":3,"lang":"fr"}') == p.Hello(
        type="hello", token="abc", since=3, lang="fr"
    )
    assert parse_client('{"type":"hello","token":"abc"}') == p.Hello(type="hello", token="abc", since=None, lang="en")
    assert parse_client('{"type":"act","action":"bid:90:h","version":0}') == p.Act(
        type="act", action="bid:90:h", version=0
    )
    assert parse_client('{"type":"chat","text":"¡hola!"}') == p.Chat(type="chat", text="¡hola!")
    assert parse_client('{"type":"sync"}') == p.Sync(type="sync")
    assert parse_client(b'{"type":"ping"}') == p.Ping(type="ping")


@pytest.mark.parametrize(
    ("text", "code", "field"),
    [
        ("{", "bad_json", None),
        ("", "bad_json", None),
        ("[1, 2]", "bad_json", None),
        ('"hello"', "bad_json", None),
        (b"\xff\xfe", "bad_json", None),
        ('{"token":"x"}', "unknown_type", None),
        ('{"type":"shout"}', "unknown_type", None),
        ('{"type":7}', "unknown_type", None),
        ('{"type":"act","action":"3o","version":"7"}', "bad_field", "version"),
        ('{"type":"act","action":"3o","version":true}', "bad_field", "version"),
        ('{"type":"act","action":"3o","version":1.0}', "bad_field", "version"),
        ('{"type":"act","action":"3o","version":-1}', "bad_field", "version"),
        ('{"type":"act","action":"3o"}', "bad_field", "version"),
        ('{"type":"act","action":"","version":1}', "bad_field", "action"),
        ('{"type":"act","action":"' + "x" * 41 + '","version":1}', "bad_field", "action"),
        ('{"type":"act","action":3,"version":1}', "bad_field", "action"),
        ('{"type":"act","action":"3o","version":1,"seat":2}', "bad_field", "seat"),
        ('{"type":"hello","token":"t","lang":"de"}', "bad_field", "lang"),
        ('{"type":"hello","token":""}', "bad_field", "token"),
        ('{"type":"hello","token":"' + "t" * 201 + '"}', "bad_field", "token"),
        ('{"type":"hello","token":"t","since":"3"}', "bad_field", "since"),
        ('{"type":"chat","text":"' + "a" * 301 + '"}', "bad_field", "text"),
        ('{"type":"chat"}', "bad_field", "text"),
        ('{"type":"ping","x":1}', "bad_field", "x"),
    ],
)
def test_malformed_messages_are_refused_with_their_code(text: str | bytes, code: str, field: str | None) -> None:
    with pytest.raises(ProtocolError) as info:
        parse_client(text)
    assert info.value.code == code
    if field is not None:
        assert info.value.detail["field"] == field
    for lang in ("en", "es", "fr"):
        assert info.value.text(lang)


def test_size_is_checked_before_parsing() -> None:
    big = '{"type":"chat","text":"' + "a" * 300 + '"}'
    assert isinstance(parse_client(big, max_bytes=4096), p.Chat)
    with pytest.raises(ProtocolError) as info:
        parse_client("{" * 5000, max_bytes=4096)  # not even JSON: the size is what counts
    assert info.value.code == "too_large" and info.value.detail == {"limit": 4096}
    assert "4096" in info.value.text("fr")
    # Bytes count, not characters: 300 characters of 4 bytes each are 1200 bytes.
    with pytest.raises(ProtocolError):
        parse_client('{"type":"chat","text":"' + "😀" * 300 + '"}', max_bytes=1000)


def test_errors_speak_the_clients_language() -> None:
    with pytest.raises(ProtocolError) as info:
        parse_client("{")
    texts = {lang: info.value.text(lang) for lang in ("en", "es", "fr")}
    assert len(set(texts.values())) == 3 and "JSON" in texts["en"]


def test_server_frames() -> None:
    assert json.loads(p.frame(p.Welcome(role="seat", seat=1, version=4, table_id="t"))) == {
        "type": "welcome", "role": "seat", "seat": 1, "version": 4, "table_id": "t",
    }  # fmt: skip
    chat = json.loads(p.frame(p.ChatLine(sender="Ana", text="hi", at="2024-01-01T00:00:00+00:00")))
    assert chat == {"type": "chat", "from": "Ana", "text": "hi", "at": "2024-01-01T00:00:00+00:00"}
    event = json.loads(p.frame(p.Event(version=3, seat=2, action="3o", text="a\nb", lines=["a", "b"])))
    assert event["type"] == "event" and event["lines"] == ["a", "b"]
    error = json.loads(p.frame(p.Error(code="bad_json", message="m")))
    assert error == {"type": "error", "code": "bad_json", "message": "m", "detail": {}}
    assert json.loads(p.frame(p.State(version=2, view={"hand": ["3o"]}))) == {
        "type": "state", "version": 2, "view": {"hand": ["3o"]},
    }  # fmt: skip
    assert json.loads(p.frame(p.TableFrame(table={"id": "x"}))) == {"type": "table", "table": {"id": "x"}}
    assert p.frame(p.Pong()) == '{"type":"pong"}'

from app.backends.recording import RecordingBackend
from app.pipeline.actions import Action
from app.pipeline.candidates import Candidate
from app.pipeline.confirm import confirmation_request
from tests.fakes import FakeBackend


def test_the_yes_no_check_reaches_the_wrapped_backend() -> None:
    inner = FakeBackend()
    inner.queue_confirmation(0.2, 0.8)
    request = confirmation_request(Candidate("A1", Action("intent", "選曲"), "available", "曲の話"), "こんにちは")
    confirmation = RecordingBackend(inner).confirm(request)
    assert confirmation is not None and confirmation.ratio == 0.25
    assert inner.confirm_requests == [request]

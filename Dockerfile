# Kikitori's container: the service, its scenarios and the default model, assembled at build time.
# Build: docker build -t kikitori .      Run: docker run -p 8000:8000 kikitori      (see compose.yaml)
FROM python:3.11.7-slim-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends build-essential cmake \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /srv/kikitori
COPY deploy/requirements.lock ./deploy/
# llama-cpp-python builds from source here (about 5 minutes on 2 cores); every version is pinned.
RUN python -m venv /opt/venv && /opt/venv/bin/pip install --no-cache-dir -r deploy/requirements.lock
COPY pyproject.toml README.md ./
COPY app ./app
COPY models/default.json models/word_vectors.json ./models/
# Editable, as `make install` does: the service finds models/ and scenario/ beside app/.
RUN /opt/venv/bin/pip install --no-cache-dir --no-deps -e . && /opt/venv/bin/python -m app.model_files

FROM python:3.11.7-slim-bookworm
RUN useradd --create-home --uid 10001 kikitori
COPY --from=build /opt/venv /opt/venv
COPY --from=build --chown=kikitori /srv/kikitori /srv/kikitori
COPY --chown=kikitori scenario /srv/kikitori/scenario
WORKDIR /srv/kikitori
ENV PATH=/opt/venv/bin:$PATH \
    INTERP_HOST=0.0.0.0 INTERP_PORT=8000 \
    INTERP_SCENARIO_DIR=/srv/kikitori/scenario \
    INTERP_MODEL_CACHE_DIR=/srv/kikitori/models/cache \
    INTERP_STATE_DIR=/srv/kikitori/models/cache/states
USER kikitori
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=300s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["kikitori"]

FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends build-essential cmake git \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /srv/kikitori
COPY pyproject.toml README.md ./
COPY app ./app
COPY models/default.json models/word_vectors.json ./models/
COPY scenario ./scenario
RUN pip install --no-cache-dir -e . && python -m app.model_files
ENV INTERP_HOST=0.0.0.0 INTERP_PORT=8000
EXPOSE 8000
CMD ["kikitori"]

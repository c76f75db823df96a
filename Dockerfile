# dipgm: the Diplomacy Games Master bot.
#   docker build -t dipgm .
#   docker run -d --name dipgm --env-file .env -v dipgm-data:/app/data dipgm
# The SQLite database (and the files the health check reads) live in the /app/data
# volume, so games survive rebuilding or replacing the container.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, exactly as locked (every version and the hash of every file:
# the image installs what CI tested). This layer is rebuilt only when the lock changes.
COPY requirements/run.txt ./requirements/run.txt
RUN pip install --require-hashes -r requirements/run.txt

# The application. It runs from /app (python -m bot), so the migrations under
# storage/migrations are used from the source tree.
COPY pyproject.toml README.md ./
COPY adjudication ./adjudication
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY storage ./storage
RUN pip install --no-deps . && python -m compileall -q adjudication bot cogs render storage

# An unprivileged user owns only the data directory.
RUN useradd --create-home --uid 10001 --user-group dipgm \
    && mkdir -p /app/data \
    && chown dipgm:dipgm /app/data
USER dipgm

ENV DATABASE_URL=sqlite+aiosqlite:////app/data/dipgm.sqlite3 \
    HEARTBEAT_FILE=/app/data/heartbeat \
    HEALTHCHECK_MAX_AGE=120 \
    HEALTHCHECK_GATEWAY_MAX_DOWN=300
VOLUME ["/app/data"]

# Healthy while the delivery loop (deadlines, results, DMs) keeps running — it touches
# the heartbeat file every TICK_SECONDS (default 5 s) — and no gateway session has been
# disconnected for more than HEALTHCHECK_GATEWAY_MAX_DOWN seconds.
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot", "healthcheck"]

# docker stop sends SIGTERM; the bot closes its Discord connection and database.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]

# dipgm: the Diplomacy Games Master bot.
#   docker build -t dipgm .
#   docker run -d --name dipgm -e DISCORD_TOKEN=… -v dipgm-data:/app/data dipgm
# The SQLite database (and the heartbeat file the health check reads) live in the
# /app/data volume, so games survive rebuilding or replacing the container.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first: this layer is rebuilt only when pyproject.toml changes.
COPY pyproject.toml README.md ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" \
    > /tmp/requirements.txt
RUN pip install -r /tmp/requirements.txt

# The application. It runs from /app (python -m bot), so the migrations under
# storage/migrations are used from the source tree.
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
    HEALTHCHECK_MAX_AGE=120
VOLUME ["/app/data"]

# Healthy while the delivery loop (deadlines, results, DMs) keeps running: it
# touches the heartbeat file every TICK_SECONDS (default 5 s).
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot", "healthcheck"]

# docker stop sends SIGTERM; the bot closes its Discord connection and database.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]

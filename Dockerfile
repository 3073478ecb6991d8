# The directory app: Koa API + server-rendered pages, SQLite record under /data.
FROM node:20-bookworm-slim
WORKDIR /app
# better-sqlite3 ships prebuilt binaries for this platform; the toolchain is the fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY data/package.json data/
COPY indexer/package.json indexer/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci
COPY . .
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
VOLUME /data
EXPOSE 3000
CMD ["npm", "start"]

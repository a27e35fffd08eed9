# Vouch container image: docker build --build-arg VOUCH_COMMIT=$(git rev-parse HEAD) -t vouch:0.1.0 .
# Stage 1 builds the jar with Maven (tests run in CI, not here); stage 2 is a slim JRE 17 runtime
# that runs as a non-root user. Configuration comes only from environment variables (README).

FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
# Dependencies first, so a source change reuses the cached layer.
COPY pom.xml .
RUN mvn -B -ntp -q dependency:go-offline -DskipTests || true
COPY src src
COPY config config
# No .git in the build context: the commit `vouch --version` prints comes from here, else "unknown".
ARG VOUCH_COMMIT=unknown
RUN mvn -B -ntp -q -DskipTests package -Dgit.commit.id.full=${VOUCH_COMMIT}

FROM eclipse-temurin:17-jre-jammy
RUN groupadd --system --gid 10001 vouch \
 && useradd --system --uid 10001 --gid vouch --home-dir /app --shell /usr/sbin/nologin vouch \
 && mkdir -p /app/data /app/config \
 && chown -R vouch:vouch /app
WORKDIR /app
COPY --from=build /src/target/vouch.jar /app/vouch.jar
COPY --from=build /src/config/chains.yaml /app/config/chains.yaml
USER 10001:10001
ENV PORT=8080
EXPOSE 8080
# No curl in the JRE image: bash's /dev/tcp asks /health/live and expects a 200.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/${PORT} && printf "GET /health/live HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3 && head -1 <&3 | grep -q " 200"'
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/vouch.jar"]
CMD ["serve"]

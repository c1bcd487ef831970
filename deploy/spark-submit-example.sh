#!/usr/bin/env bash
# Submit SparkPi so that its executors are placed by execplace (and its driver too; drop the
# scheduler name on the driver with a pod template if you want the default scheduler for it).
# The annotations are optional: the expected run time feeds gio/milp's cost estimate, the executor
# count lets execplace place the gang as soon as all executor pods exist (no batching window).
set -euo pipefail
: "${K8S_API:?set K8S_API, e.g. https://my-cluster:6443}"
: "${SPARK_HOME:?set SPARK_HOME to a Spark 4.x distribution}"

"$SPARK_HOME/bin/spark-submit" \
  --master "k8s://$K8S_API" \
  --deploy-mode cluster \
  --name spark-pi \
  --class org.apache.spark.examples.SparkPi \
  --conf spark.kubernetes.namespace=spark \
  --conf spark.kubernetes.authenticate.driver.serviceAccountName=spark \
  --conf spark.kubernetes.container.image=apache/spark:4.1.1 \
  --conf spark.kubernetes.scheduler.name=execplace \
  --conf spark.executor.instances=4 \
  --conf spark.executor.cores=2 \
  --conf spark.executor.memory=4g \
  --conf spark.kubernetes.allocation.batch.size=10 \
  --conf spark.kubernetes.driver.annotation.execplace.io/executors=4 \
  --conf spark.kubernetes.executor.annotation.execplace.io/expected-duration-seconds=900 \
  --conf spark.kubernetes.executor.annotation.execplace.io/job-type=generic \
  local:///opt/spark/examples/jars/spark-examples_2.13-4.1.1.jar 10000

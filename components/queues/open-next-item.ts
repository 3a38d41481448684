// Going on to the queue's next item is a claim, so it is a POST to the queue's /next route (a
// same-origin form submission: the browser follows its redirect to the claimed item as a full
// navigation, exactly as the queues page's Start button does). After a submit the claim to
// close goes along in the same form: closing it and claiming the next item is one round trip.
export function openNextQueueItem(projectId: string, queueId: string, submitClaimId?: string): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = `/api/projects/${encodeURIComponent(projectId)}/queues/${encodeURIComponent(queueId)}/next`;
  form.hidden = true;
  if (submitClaimId) {
    const field = document.createElement("input");
    field.type = "hidden";
    // Not "submit": a field of that name would hide the form's own submit().
    field.name = "close";
    field.value = submitClaimId;
    form.append(field);
  }
  document.body.append(form);
  form.submit();
}
